/** Builds the OpenAPI 3.1 document (`GET /api/docs`) from the endpoint registry's zod schemas. */
import { z } from 'zod';
import { adminEndpoints, userEndpoints, type UserEndpoint } from './api/endpoints.js';
import { codeCatalogue } from './codes.js';
import { UPLOAD_MAX_BYTES, uploadPurposeField, uploadResponse } from './api/upload.js';

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): unknown {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any' });
}

const failSchema = {
  type: 'object',
  required: ['status', 'msg', 'code', 'params'],
  properties: {
    status: { const: 0 },
    msg: { type: 'string' },
    code: { type: 'string', enum: Object.keys(codeCatalogue) },
    params: { type: 'object' },
  },
};

function okSchema(data: unknown) {
  return {
    type: 'object',
    required: ['status', 'msg', 'data'],
    properties: { status: { const: 1 }, msg: { const: 'ok' }, code: { type: 'string' }, data },
  };
}

export function buildOpenApiDocument(version: string): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  const responses = (data: unknown) => ({
    200: {
      description: 'Envelope: status 1 with data, or status 0 with a business code',
      content: { 'application/json': { schema: { oneOf: [okSchema(data), failSchema] } } },
    },
    400: { description: 'request.invalid', content: { 'application/json': { schema: failSchema } } },
    401: { description: 'auth.required', content: { 'application/json': { schema: failSchema } } },
    429: { description: 'request.too_frequent', content: { 'application/json': { schema: failSchema } } },
    500: { description: 'server.error', content: { 'application/json': { schema: failSchema } } },
  });
  for (const e of Object.values(userEndpoints) as UserEndpoint[]) {
    paths[`/api/vue${e.path}`] = {
      post: {
        summary: e.summary,
        tags: ['user'],
        security:
          e.auth === 'no' ? [] : e.auth === 'opt' ? [{}, { token: [], account: [] }] : [{ token: [], account: [] }],
        requestBody: { required: false, content: { 'application/json': { schema: jsonSchema(e.request, 'input') } } },
        responses: responses(jsonSchema(e.response, 'output')),
      },
    };
  }
  // §17: the one multipart call, outside the JSON registry
  paths['/api/vue/upload/image'] = {
    post: {
      summary: `Upload an image (JPEG, PNG or WebP by content, at most ${UPLOAD_MAX_BYTES} bytes; re-encoded, metadata stripped)`,
      tags: ['user'],
      security: [{ token: [], account: [] }],
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              required: ['file', 'purpose'],
              properties: {
                file: { type: 'string', format: 'binary' },
                purpose: jsonSchema(uploadPurposeField, 'input'),
              },
            },
          },
        },
      },
      responses: responses(jsonSchema(uploadResponse, 'output')),
    },
  };
  for (const e of Object.values(adminEndpoints)) {
    paths[`/api/admin${e.path}`] = {
      post: {
        summary: e.summary,
        tags: ['back office'],
        security: e.right === null ? [] : [{ adminBearer: [] }],
        requestBody: { required: false, content: { 'application/json': { schema: jsonSchema(e.request, 'input') } } },
        responses: {
          ...responses(jsonSchema(e.response, 'output')),
          403: { description: 'auth.forbidden', content: { 'application/json': { schema: failSchema } } },
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Brokerage API', version },
    paths,
    components: {
      securitySchemes: {
        token: { type: 'apiKey', in: 'header', name: 'token' },
        account: { type: 'apiKey', in: 'header', name: 'account' },
        adminBearer: { type: 'http', scheme: 'bearer' },
      },
    },
  };
}
