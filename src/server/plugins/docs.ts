import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { declareCommonErrors } from './openapi-errors';
import { declareWriteHeaders } from './openapi-writes';
import { APP_CSP_DIRECTIVES, type CspDirectives } from './security';
import { AUTH_TOKEN_HEADER } from '@/domain/constants';

export const DOCS_PREFIX = '/api/docs';

/**
 * swagger-ui keeps to its own files and inline style attributes; it needs no more than the app, but
 * neither the app page's inline script, ws: nor blob:, and its "valid" badge would call an outside
 * validator, which is switched off.
 */
export const DOCS_CSP_DIRECTIVES: CspDirectives = {
  ...APP_CSP_DIRECTIVES,
  scriptSrc: ["'self'"],
  imgSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
};

/**
 * OpenAPI generated from the routes' zod schemas, JSON at /api/docs/json and swagger-ui at /api/docs.
 * Registered before the route modules: @fastify/swagger only sees routes added after it.
 */
export const docsPlugin = fp(
  async (app: FastifyInstance, opts: { version: string }) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'FleetPilot API',
          description:
            'Every route except sign-in and health needs a token from POST /api/auth/login, sent as ' +
            '`x-auth-token` or `Authorization: Bearer`. Errors are `{ message, code, details? }`.',
          version: opts.version,
        },
        components: {
          securitySchemes: {
            token: { type: 'apiKey', in: 'header', name: AUTH_TOKEN_HEADER },
            bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          },
        },
        security: [{ token: [] }, { bearer: [] }],
      },
      transform: (document) => {
        const transformed = jsonSchemaTransform(document);
        const result = { ...transformed, schema: declareCommonErrors(transformed.schema, document.route) };
        if (document.route.config?.access !== 'public' || !result.schema) return result;
        return { ...result, schema: { ...result.schema, security: [] } };
      },
      transformObject: (input) => declareWriteHeaders(jsonSchemaTransformObject(input)),
    });

    // The docs are public: the access gate guards every /api/* route, so the UI's routes say so.
    await app.register(async (scope) => {
      scope.addHook('onRoute', (route) => {
        route.config = { ...route.config, access: 'public', csp: DOCS_CSP_DIRECTIVES };
      });
      await scope.register(swaggerUi, {
        routePrefix: DOCS_PREFIX,
        uiConfig: { validatorUrl: null, persistAuthorization: true, deepLinking: true },
      });
    });
  },
  { name: 'docs' },
);
