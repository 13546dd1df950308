// The OpenAPI 3.1 document, generated from the contract's route table and zod schemas.
import { z } from 'zod';
import { ErrorBody } from '../../src/api/contract/common.js';
import { routes, type RouteSpec } from '../../src/api/contract/routes.js';

type JsonSchema = Record<string, unknown>;

const schemaOf = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
};

function parametersOf(spec: RouteSpec) {
  const parameters: JsonSchema[] = [];
  for (const [where, object] of [
    ['path', spec.params],
    ['query', spec.query],
  ] as const) {
    if (!object) continue;
    const json = schemaOf(object, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      parameters.push({
        name,
        in: where,
        required: where === 'path' || (json.required ?? []).includes(name),
        schema: property,
        ...(property.description ? { description: property.description } : {}),
      });
    }
  }
  return parameters;
}

export function buildOpenApiDocument() {
  const error = { content: { 'application/json': { schema: schemaOf(ErrorBody, 'output') } } };
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [operationId, spec] of Object.entries(routes) as [string, RouteSpec][]) {
    const extra = Object.fromEntries(
      Object.entries(spec.extraResponses ?? {}).map(([status, description]) => [status, { description }]),
    );
    (paths[`/v1${spec.path}`] ??= {})[spec.method.toLowerCase()] = {
      operationId,
      summary: spec.summary,
      tags: [spec.tag],
      parameters: parametersOf(spec),
      ...(spec.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(spec.body, 'input') } } } }
        : {}),
      responses: {
        200: { description: 'OK', content: { 'application/json': { schema: schemaOf(spec.response, 'output') } } },
        ...extra,
        400: { description: 'Invalid input (validation_failed, with the field)', ...error },
        404: { description: 'Not found (not_found)', ...error },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Lexhub API',
      version: '1',
      description:
        'Read Czech and EU legal documents: structure, texts in several languages, versions and their comparison.',
    },
    servers: [{ url: '/' }],
    paths,
  };
}
