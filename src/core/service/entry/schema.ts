/** Schema loading from every source, the .proto compiler included: for commands to import when they need it. */
export { loadSchema } from '../../schema/load';
