import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { declareRoutesPublic } from './auth-context.js';

/** OpenAPI 3 description generated from the routes' zod schemas, at /api/docs (page) and /api/docs/json. */
export const docsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Babe Construction Manager API',
        description:
          'Projects, tasks, schedules, contacts and documents of a construction company. Every call is ' +
          'scoped to the signed-in user’s company; errors answer `{message, code?, errors?}`.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sid' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  // The reference page and the document are public, like the API's shape they describe.
  await app.register(async (scope) => {
    declareRoutesPublic(scope);
    await scope.register(swaggerUi, {
      routePrefix: '/api/docs',
      uiConfig: { docExpansion: 'list', deepLinking: true },
      staticCSP: true,
    });
  });
});
