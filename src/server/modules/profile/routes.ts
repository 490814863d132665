import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { languageUpdateSchema, profileUpdateSchema, signatureUpdateSchema, userSchema } from '@/domain/user';
import { users } from '../../db/schema';
import { badRequest } from '../../http-error';
import { changedFields } from '../../plugins/audit';
import { readImageParts, saveImage } from '../../plugins/uploads';
import { sniffImageType } from '../../services/storage';
import { errorBodySchema } from '../auth/schemas';
import { toUser } from '../users/data';
import { updateUser } from '../users/service';

const errors = { 400: errorBodySchema, 409: errorBodySchema, 413: errorBodySchema, 415: errorBodySchema };

/** The signature must really be a PNG, not only be labelled as one. */
function assertPngDataUrl(signature: string | null) {
  if (signature === null) return;
  const data = Buffer.from(signature.slice(signature.indexOf(',') + 1), 'base64');
  if (sniffImageType(data) !== 'image/png') {
    const message = 'Signature must be a PNG image';
    throw badRequest(message, { fields: { signature: [message] } });
  }
}

/** The signed-in user's own profile (any role). */
export async function profileRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: 'profile:edit' as const };

  r.get('/profile', {
    schema: { tags: ['profile'], response: { 200: userSchema } },
    handler: async (request) => toUser(request.user!),
  });

  r.put('/profile', {
    config,
    schema: { tags: ['profile'], body: profileUpdateSchema, response: { 200: userSchema, ...errors } },
    handler: async (request) => updateUser(app, request, request.user!.id, request.body, 'profile.updated'),
  });

  // Any signed-in user, view-only roles too: it is where their own notifications are read.
  r.put('/profile/language', {
    config: { access: 'signed-in' },
    schema: {
      tags: ['profile'],
      body: languageUpdateSchema,
      response: { 200: languageUpdateSchema, 400: errorBodySchema, 401: errorBodySchema },
    },
    handler: async (request) => {
      const { language } = request.body;
      const me = request.user!;
      if (me.language === language) return { language };
      await app.db.transaction(async (tx) => {
        await tx.update(users).set({ language }).where(eq(users.id, me.id));
        await app.audit(
          request,
          {
            action: 'profile.updated',
            entity: 'user',
            entityId: me.id,
            changes: { language: { from: me.language, to: language } },
          },
          tx,
        );
      });
      return { language };
    },
  });

  r.put('/profile/signature', {
    config,
    schema: {
      tags: ['profile'],
      body: signatureUpdateSchema,
      response: { 200: userSchema, ...errors },
    },
    handler: async (request) => {
      const { signature } = request.body;
      assertPngDataUrl(signature);
      const me = request.user!;
      return app.db.transaction(async (tx) => {
        const [row] = await tx
          .update(users)
          .set({ signature, updatedAt: new Date() })
          .where(eq(users.id, me.id))
          .returning();
        // The drawing itself stays out of the audit log: only whether one is on file.
        await app.audit(
          request,
          {
            action: 'profile.signature',
            entity: 'user',
            entityId: me.id,
            changes: { signature: { from: me.signature ? 'set' : null, to: signature ? 'set' : null } },
          },
          tx,
        );
        return toUser(row!);
      });
    },
  });

  r.post('/profile/upload-image', {
    config,
    schema: {
      tags: ['profile'],
      consumes: ['multipart/form-data'],
      response: { 200: userSchema, ...errors },
    },
    handler: async (request) => {
      const me = request.user!;
      const form = await readImageParts(request, { fileFields: ['image'], maxFiles: 1 });
      const image = form.files[0];
      if (!image) throw badRequest('Choose an image to upload', { fields: { image: ['Required'] } });
      const stored = await saveImage(app, 'profiles', image);
      let previous: string | null = null;
      let user;
      try {
        user = await app.db.transaction(async (tx) => {
          // Locked, so two uploads at once each remove exactly the file they replaced.
          const [current] = await tx.select().from(users).where(eq(users.id, me.id)).for('update');
          previous = current?.profileImage ?? null;
          const [row] = await tx
            .update(users)
            .set({ profileImage: stored, updatedAt: new Date() })
            .where(eq(users.id, me.id))
            .returning();
          await app.audit(
            request,
            {
              action: 'profile.image',
              entity: 'user',
              entityId: me.id,
              changes: changedFields({ profileImage: previous }, { profileImage: stored }),
            },
            tx,
          );
          return toUser(row!);
        });
      } catch (err) {
        await app.storage.remove(stored);
        throw err;
      }
      if (previous) {
        const old: string = previous;
        await app.storage.remove(old).catch((err: unknown) => {
          request.log.warn({ err, path: old }, 'could not remove the previous profile image');
        });
      }
      return user;
    },
  });
}
