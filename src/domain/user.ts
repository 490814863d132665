import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { DEFAULT_LIMIT, DEFAULT_PAGE, LANGUAGES, MAX_LIMIT } from './constants';

export const usernameSchema = lazySchema(() =>
  z
    .string()
    .trim()
    .min(3, 'Username must have at least 3 characters')
    .max(64)
    .regex(/^[A-Za-z0-9._@-]+$/, 'Username may contain letters, digits and . _ @ -'),
);
export const passwordSchema = lazySchema(() =>
  z.string().min(8, 'Password must have at least 8 characters').max(200, 'Password is too long'),
);
export const roleSchema = lazySchema(() => z.string().trim().min(1).max(40));

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

export const userSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    username: z.string(),
    name: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    department: z.string().nullable(),
    role: z.string(),
    active: z.boolean(),
    profileImage: z.string().nullable(),
    signature: z.string().nullable(),
    lastLogin: z.string().nullable(),
    createdAt: z.string(),
  }),
);
export type User = z.infer<typeof userSchema>;

export const profileFieldsSchema = lazySchema(() =>
  z.object({
    name: optionalText(120),
    email: z
      .string()
      .trim()
      .max(200)
      .nullish()
      .transform((v) => (v ? v.toLowerCase() : null))
      .refine((v) => v === null || z.email().safeParse(v).success, 'Invalid e-mail address'),
    phone: optionalText(40),
    department: optionalText(120),
  }),
);
export type ProfileFields = z.infer<typeof profileFieldsSchema>;

export const loginRequestSchema = lazySchema(() =>
  z.object({
    username: z.string().trim().min(1).max(200),
    password: z.string().min(1).max(200),
  }),
);
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = lazySchema(() => z.object({ token: z.string(), user: userSchema }));
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const changePasswordSchema = lazySchema(() =>
  z.object({
    currentPassword: z.string().min(1),
    newPassword: passwordSchema,
  }),
);

export const createUserSchema = lazySchema(() =>
  profileFieldsSchema.extend({
    username: usernameSchema,
    password: passwordSchema,
    role: roleSchema,
  }),
);
export const updateUserSchema = lazySchema(() =>
  profileFieldsSchema.extend({ username: usernameSchema, role: roleSchema, active: z.boolean() }).partial(),
);
export const resetPasswordSchema = lazySchema(() => z.object({ password: passwordSchema }));

/** A PNG data URL as drawn by signature_pad. */
export const signatureSchema = lazySchema(() =>
  z
    .string()
    .max(700_000, 'Signature is too large')
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/, 'Signature must be a PNG data URL'),
);

/** The profile a signed-in user edits (PUT /api/profile): only the fields sent change. */
export const profileUpdateSchema = lazySchema(() => profileFieldsSchema.partial());
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** PUT /api/profile/language: the language the user picked in the app; e-mail and push speak it. */
export const languageUpdateSchema = lazySchema(() => z.object({ language: z.enum(LANGUAGES) }));
export type LanguageUpdate = z.infer<typeof languageUpdateSchema>;

/** PUT /api/profile/signature: a PNG data URL; null or "" clears the stored signature. */
export const signatureUpdateSchema = lazySchema(() =>
  z.object({
    signature: z.union([signatureSchema, z.literal(''), z.null()]).transform((v) => (v ? v : null)),
  }),
);
export type SignatureUpdate = z.infer<typeof signatureUpdateSchema>;

const booleanQuery = lazySchema(() =>
  z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .or(z.boolean()),
);

/** GET /api/users query (admin). */
export const userListQuerySchema = lazySchema(() =>
  z.object({
    page: z.coerce.number().int().min(1).default(DEFAULT_PAGE),
    limit: z.coerce.number().int().min(1).max(MAX_LIMIT).default(DEFAULT_LIMIT),
    q: z.string().trim().max(200).optional(),
    role: roleSchema.optional(),
    active: booleanQuery.optional(),
  }),
);
export type UserListQuery = z.infer<typeof userListQuerySchema>;

export const userListSchema = lazySchema(() =>
  z.object({
    items: z.array(userSchema),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  }),
);
export type UserList = z.infer<typeof userListSchema>;

export type ChangePassword = z.infer<typeof changePasswordSchema>;
export type CreateUser = z.infer<typeof createUserSchema>;
export type UpdateUser = z.infer<typeof updateUserSchema>;
export type ResetPassword = z.infer<typeof resetPasswordSchema>;
