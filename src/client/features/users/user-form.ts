import { schemaResolver } from '@mantine/form';
import type { TFunction } from 'i18next';
import { ApiError } from '@/client/api/client';
import { isKnownRole, normalizeRole, type KnownRole } from '@/domain/roles';
import { createUserSchema, updateUserSchema, type User } from '@/domain/user';
import { serverFieldErrors } from '@/client/lib/api-errors';
import type { CreateUserInput } from './api/create-user';
import type { UpdateUserInput } from './api/update-user';

/** The role picker: one of the four roles, or another role typed in (which means view only). */
export const OTHER_ROLE = 'other';
export type RoleChoice = KnownRole | typeof OTHER_ROLE;

export interface UserFormValues {
  username: string;
  name: string;
  email: string;
  phone: string;
  department: string;
  roleChoice: RoleChoice;
  customRole: string;
  /** Only when creating: an account is created with a password. */
  password: string;
}

export type UserFormMode = 'create' | 'edit';

export function userFormValues(user: User | null): UserFormValues {
  const known = user ? isKnownRole(user.role) : true;
  return {
    username: user?.username ?? '',
    name: user?.name ?? '',
    email: user?.email ?? '',
    phone: user?.phone ?? '',
    department: user?.department ?? '',
    roleChoice: user ? (known ? (normalizeRole(user.role) as KnownRole) : OTHER_ROLE) : 'operator',
    customRole: user && !known ? user.role : '',
    password: '',
  };
}

export function roleOf(values: UserFormValues): string {
  return values.roleChoice === OTHER_ROLE ? values.customRole.trim() : values.roleChoice;
}

export function toCreatePayload(values: UserFormValues): CreateUserInput {
  return {
    ...toUpdatePayload(values),
    username: values.username,
    password: values.password,
    role: roleOf(values),
  };
}

export function toUpdatePayload(values: UserFormValues): UpdateUserInput & { role: string } {
  return {
    username: values.username,
    name: values.name,
    email: values.email,
    phone: values.phone,
    department: values.department,
    role: roleOf(values),
  };
}

/** Payload field → form field (a typed-in role is entered in `customRole`). */
function formField(field: string, values: UserFormValues): keyof UserFormValues | null {
  if (field === 'role') return values.roleChoice === OTHER_ROLE ? 'customRole' : 'roleChoice';
  return field in values ? (field as keyof UserFormValues) : null;
}

const FIELD_MESSAGES: Partial<Record<keyof UserFormValues, string>> = {
  username: 'users.form.errors.username',
  email: 'users.form.errors.email',
  password: 'users.form.errors.password',
  customRole: 'users.form.errors.role',
  roleChoice: 'users.form.errors.role',
};

const resolvers = {
  create: schemaResolver(createUserSchema, { sync: true }),
  edit: schemaResolver(updateUserSchema, { sync: true }),
};

/**
 * Client validation with the domain's schemas (the ones the server applies), each failing field with
 * a message in the user's language.
 */
export function validateUserForm(
  values: UserFormValues,
  mode: UserFormMode,
  t: TFunction,
): Partial<Record<keyof UserFormValues, string>> {
  const payload = mode === 'create' ? toCreatePayload(values) : toUpdatePayload(values);
  const errors: Partial<Record<keyof UserFormValues, string>> = {};
  for (const path of Object.keys(resolvers[mode](payload))) {
    const field = formField(path.split('.')[0] ?? '', values);
    if (!field || errors[field]) continue;
    const key = FIELD_MESSAGES[field];
    errors[field] = key ? t(key) : t('users.form.errors.tooLong');
  }
  return errors;
}

/**
 * The server's field errors for the form: a taken username or e-mail (409) in the user's language,
 * other field messages as the server wrote them.
 */
export function userFormServerErrors(
  error: unknown,
  values: UserFormValues,
  t: TFunction,
): Partial<Record<keyof UserFormValues, string>> {
  const conflict = error instanceof ApiError && error.status === 409;
  const errors: Partial<Record<keyof UserFormValues, string>> = {};
  for (const [path, message] of Object.entries(serverFieldErrors(error, t))) {
    const field = formField(path, values);
    if (!field) continue;
    if (conflict && field === 'username') errors.username = t('users.form.errors.usernameTaken');
    else if (conflict && field === 'email') errors.email = t('users.form.errors.emailTaken');
    else errors[field] = message;
  }
  return errors;
}
