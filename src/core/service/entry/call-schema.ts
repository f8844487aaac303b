/** Schemas by reflection for the command line: loading these loads no .proto compiler (entry/schema does). */
export { loadReflectedSchema, loadServiceSchema } from '../../schema/reflection/service-schema';
