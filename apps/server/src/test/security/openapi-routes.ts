// The routes of the server's OpenAPI document (/api/docs/json), and sample bodies built from their schemas:
// read by input-fuzzing.test.ts and by `npm run check:security`'s fuzzing probe against the built server.

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
}

export interface Operation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiRoute {
  method: string;
  path: string;
  parameters: string[];
  body: JsonSchema | undefined;
}

export function routesOfOpenApi(document: OpenApiDocument): OpenApiRoute[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        parameters: (operation.parameters ?? []).filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name),
        body: operation.requestBody?.content?.['application/json']?.schema,
      })),
  );
}

/** A value of the schema's shape with `text` in every string (every property present, one item per list). */
export function sample(schema: JsonSchema | undefined, text: string, depth = 0): unknown {
  if (!schema || depth > 8) return text;
  const choice = schema.anyOf ?? schema.oneOf;
  if (choice) return sample(choice.find((option) => option.type !== 'null') ?? choice[0], text, depth + 1);
  if (schema.allOf?.[0]) return sample(schema.allOf[0], text, depth + 1);
  if (schema.enum) return typeof schema.enum[0] === 'string' ? text : schema.enum[0];
  if (schema.const !== undefined) return typeof schema.const === 'string' ? text : schema.const;
  const type = Array.isArray(schema.type) ? schema.type.find((entry) => entry !== 'null') : schema.type;
  if (type === 'object' || schema.properties) {
    return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, property]) => [key, sample(property, text, depth + 1)]));
  }
  if (type === 'array') return [sample(schema.items, text, depth + 1)];
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return true;
  return text;
}

/** Whether `body` holds `text` somewhere (a lone surrogate is written escaped by JSON.stringify, so compared escaped). */
const carries = (body: unknown, text: string): boolean => JSON.stringify(body).includes(JSON.stringify(text).slice(1, -1));

/** One request of the NUL and lone-surrogate fuzzing: where the hostile text is, the path to call and the body to send. */
export interface HostileAttempt {
  where: 'path' | 'body';
  path: string;
  body: unknown;
}

/**
 * The requests that carry a hostile text to `route` (input-fuzzing.test.ts and `npm run check:security`'s probe
 * send the same ones, and each must answer 400): the text in every path parameter, with a plain body; and the text
 * in every string of the body. A body of booleans, numbers and nulls only (POST /api/personal-data/masking,
 * /api/data-retention, /api/weekly-report/offer, …) has no string to carry the text: its sample is a valid request,
 * which the route rightly answers 200 (and would change the instance's settings), so none is sent.
 */
export function hostileAttempts(route: OpenApiRoute, hostile: { text: string; inPath: string }): HostileAttempt[] {
  const attempts: HostileAttempt[] = [];
  if (route.parameters.length > 0) attempts.push({ where: 'path', path: fillPath(route, hostile.inPath), body: route.body ? sample(route.body, 'plain') : undefined });
  const body = route.body ? sample(route.body, hostile.text) : undefined;
  if (route.body && carries(body, hostile.text)) attempts.push({ where: 'body', path: fillPath(route, '1'), body });
  return attempts;
}

/** Every object of a body schema, with its path, to check that each refuses unknown keys. */
export function objectsOf(schema: JsonSchema | undefined, path = 'body', depth = 0): { path: string; schema: JsonSchema }[] {
  if (!schema || depth > 8) return [];
  const nested = [
    ...(schema.anyOf ?? []),
    ...(schema.oneOf ?? []),
    ...(schema.allOf ?? []),
  ].flatMap((option) => objectsOf(option, path, depth + 1));
  const own = schema.properties ? [{ path, schema }] : [];
  const properties = Object.entries(schema.properties ?? {}).flatMap(([key, property]) => objectsOf(property, `${path}.${key}`, depth + 1));
  const items = schema.items ? objectsOf(schema.items, `${path}[]`, depth + 1) : [];
  return [...own, ...nested, ...properties, ...items];
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

/** The route's path with every parameter set to `encoded` (already percent-encoded), and a wildcard filled. */
export const fillPath = (route: OpenApiRoute, encoded: string): string => route.path.replace(/\{(\w+)\}/g, () => encoded).replace('*', 'x');

/**
 * The hostile strings: a NUL, and a lone surrogate. A lone surrogate has no UTF-8 form: in a path it arrives as
 * the bytes of one (ED A0 80), which are not UTF-8 and so an address the server refuses as not valid.
 */
export const HOSTILE_TEXTS = [
  { name: 'NUL', text: 'a\u0000b', inPath: 'a%00b' },
  { name: 'a lone surrogate', text: 'a\uD800b', inPath: 'a%ED%A0%80b' },
] as const;
