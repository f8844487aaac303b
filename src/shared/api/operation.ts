/** The shape of one operation of the contract: a strict object of named fields, and (as a type only) its answer. */
import { z } from 'zod';

/** One operation: how its named fields are checked, and (as a type only) what it answers. */
export interface Operation<Input extends z.ZodObject, Result> {
  input: Input;
  /** Never read: carries the result type. */
  result?: Result;
}

/** Declares an operation answering `Result` whose input has `fields` (unknown fields are refused). */
export const operation =
  <Result>() =>
  <Fields extends z.ZodRawShape>(fields: Fields): Operation<z.ZodObject<Fields, z.core.$strict>, Result> => ({
    input: z.strictObject(fields),
  });
