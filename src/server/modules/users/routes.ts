import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createUserSchema,
  resetPasswordSchema,
  updateUserSchema,
  userListQuerySchema,
  userListSchema,
  userSchema,
} from '@/domain/user';
import { notFound } from '../../http-error';
import { errorBodySchema } from '../auth/schemas';
import { findUserById, listUsers, toUser } from './data';
import { createUser, resetPassword, updateUser } from './service';

const idParams = z.object({ id: z.uuid() });
const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

/** User management (admin only; the userManagement flag gates /users through the access plugin). */
export async function usersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: 'users:manage' as const };

  r.get('/users', {
    config,
    schema: { tags: ['users'], querystring: userListQuerySchema, response: { 200: userListSchema } },
    handler: async (request) => listUsers(app.db, request.query),
  });

  r.post('/users', {
    config,
    schema: { tags: ['users'], body: createUserSchema, response: { 201: userSchema, ...errors } },
    handler: async (request, reply) => reply.status(201).send(await createUser(app, request, request.body)),
  });

  r.get('/users/:id', {
    config,
    schema: { tags: ['users'], params: idParams, response: { 200: userSchema, ...errors } },
    handler: async (request) => {
      const row = await findUserById(app.db, request.params.id);
      if (!row) throw notFound('User not found');
      return toUser(row);
    },
  });

  r.put('/users/:id', {
    config,
    schema: {
      tags: ['users'],
      params: idParams,
      body: updateUserSchema,
      response: { 200: userSchema, ...errors },
    },
    handler: async (request) => updateUser(app, request, request.params.id, request.body),
  });

  /** Deactivates: the account can no longer sign in, everything it recorded stays. */
  r.delete('/users/:id', {
    config,
    schema: { tags: ['users'], params: idParams, response: { 200: userSchema, ...errors } },
    handler: async (request) =>
      updateUser(app, request, request.params.id, { active: false }, 'user.deactivated'),
  });

  r.put('/users/:id/password', {
    config,
    schema: {
      tags: ['users'],
      params: idParams,
      body: resetPasswordSchema,
      response: { 200: userSchema, ...errors },
    },
    handler: async (request) => resetPassword(app, request, request.params.id, request.body.password),
  });
}
