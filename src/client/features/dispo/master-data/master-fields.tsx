import { NumberInput, Select, Switch, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { MAX_LIMIT } from '@/domain/constants';
import type { containerTypeEntity } from '@/domain/dispo/container-types';
import type { driverEntity } from '@/domain/dispo/drivers';
import type { truckEntity } from '@/domain/dispo/trucks';
import type { EntityForm } from '@/domain/fields';
import { can } from '@/domain/permissions';
import { userListSchema } from '@/domain/user';
import { apiFetch } from '@/client/api/client';
import { useCurrentUser } from '@/client/lib/session/session-store';
import type { MasterKind } from '../api/master-data';
import { useRemoteData } from '@/client/lib/use-remote-data';

/** Every field of every kind, as the declarations hold them; a kind's form shows its own. */
export type MasterFormValues = EntityForm<typeof driverEntity.fields> &
  EntityForm<typeof truckEntity.fields> &
  EntityForm<typeof containerTypeEntity.fields>;

type Form = UseFormReturnType<MasterFormValues>;

export function MasterFields({
  kind,
  form,
  linkedUser,
}: {
  kind: MasterKind;
  form: Form;
  linkedUser: string | null;
}) {
  const { t } = useTranslation();
  const active = (
    <Switch label={t('dispo.master.fields.active')} {...form.getInputProps('active', { type: 'checkbox' })} />
  );
  if (kind === 'drivers')
    return (
      <>
        <TextInput
          label={t('dispo.master.fields.name')}
          withAsterisk
          data-autofocus
          {...form.getInputProps('name')}
        />
        <TextInput label={t('dispo.master.fields.phone')} type="tel" {...form.getInputProps('phone')} />
        <UserField form={form} linkedUser={linkedUser} />
        {active}
      </>
    );
  if (kind === 'trucks')
    return (
      <>
        <TextInput
          label={t('dispo.master.fields.licensePlate')}
          withAsterisk
          data-autofocus
          {...form.getInputProps('licensePlate')}
        />
        <TextInput label={t('dispo.master.fields.type')} {...form.getInputProps('type')} />
        <NumberInput
          label={t('dispo.master.fields.capacity')}
          suffix=" t"
          min={0}
          max={100}
          decimalScale={1}
          {...form.getInputProps('capacity')}
        />
        {active}
      </>
    );
  return (
    <>
      <TextInput
        label={t('dispo.master.fields.name')}
        withAsterisk
        data-autofocus
        {...form.getInputProps('name')}
      />
      <NumberInput
        label={t('dispo.master.fields.volume')}
        suffix=" m³"
        withAsterisk
        min={0}
        max={100}
        decimalScale={1}
        {...form.getInputProps('volume')}
      />
      <Textarea
        label={t('dispo.master.fields.description')}
        rows={2}
        {...form.getInputProps('description')}
      />
      {active}
    </>
  );
}

/**
 * The account a driver signs in with. Only administrators can list accounts; everybody else sees
 * the current link and keeps it.
 */
function UserField({ form, linkedUser }: { form: Form; linkedUser: string | null }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const admin = can(me, 'users:manage');
  const users = useRemoteData(admin ? 'dispo-user-options' : null, async (signal) =>
    userListSchema.parse(await apiFetch<unknown>(`/users?page=1&limit=${MAX_LIMIT}&active=true`, { signal })),
  );
  if (!admin)
    return (
      <TextInput
        label={t('dispo.master.fields.user')}
        value={linkedUser ?? t('dispo.master.noUser')}
        description={t('dispo.master.userAdminOnly')}
        readOnly
      />
    );
  const options = (users.data?.items ?? [])
    .filter((u) => can(u, 'dispo:read'))
    .map((u) => ({ value: u.id, label: u.name ? `${u.name} (${u.username})` : u.username }));
  return (
    <Select
      label={t('dispo.master.fields.user')}
      description={t('dispo.master.userHint')}
      placeholder={t('dispo.master.noUser')}
      data={options}
      searchable
      clearable
      {...form.getInputProps('userId')}
    />
  );
}
