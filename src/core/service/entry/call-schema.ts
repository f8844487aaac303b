/** The schema `protodesk call` reflects: the called service's files only. Loads no .proto compiler (entry/schema does). */
export { loadServiceSchema } from '../../schema/reflection/service-schema';
