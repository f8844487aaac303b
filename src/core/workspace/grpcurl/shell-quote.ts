// The rule lives in src/shared: the page's "Copy as curl" quotes the same way.
export { shellQuote } from '../../../shared/shell-quote';
