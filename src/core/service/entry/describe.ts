/** What `protodesk describe` prints: a schema's services, methods, messages and enums as proto-like text. */
export { describeAll, describeSymbol } from '../../schema/describe';
