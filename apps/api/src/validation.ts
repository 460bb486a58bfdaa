import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The names of an object schema's number fields (optional or with a default too). */
function numberFields(schema: unknown): string[] {
  if (!(schema instanceof z.ZodObject)) return [];
  return Object.entries(schema.shape as Record<string, z.ZodType>).flatMap(([name, field]) => {
    let inner: unknown = field;
    while (inner instanceof z.ZodOptional || inner instanceof z.ZodDefault)
      inner = (inner as z.ZodOptional<z.ZodType>).unwrap();
    return inner instanceof z.ZodNumber ? [name] : [];
  });
}

/**
 * fastify-type-provider-zod's validator, except that an empty (or blank) value of a number in the
 * query string or the path is refused: coercion reads `Number('')` as 0, so `?offset=` passed as
 * the first page where the document says an integer is required.
 */
export const validator: FastifySchemaCompiler<z.ZodType> = (route) => {
  const check = validatorCompiler(route);
  const numbers =
    route.httpPart === 'querystring' || route.httpPart === 'params'
      ? numberFields(route.schema)
      : [];
  if (numbers.length === 0) return check;
  return (data) => {
    const values = data as Record<string, unknown> | undefined;
    const blank = numbers.filter(
      (name) => typeof values?.[name] === 'string' && (values[name] as string).trim() === '',
    );
    if (blank.length === 0) return check(data);
    // 'NaN' coerces to NaN, which the number schema refuses with its own message and path.
    return check({ ...values, ...Object.fromEntries(blank.map((name) => [name, 'NaN'])) });
  };
};
