import { Alert, Button, Group, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconPlus } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CATEGORY_KEY_REQUIRED_MESSAGE,
  CHECKLIST_KEY_FORMAT_MESSAGE,
  CHECKLIST_KEYS_MESSAGE,
  checklistConfigSchema,
  DUPLICATE_CATEGORY_KEY_MESSAGE,
  type ChecklistConfig,
} from '@/domain/checklist';
import { LANGUAGES, type Language } from '@/domain/constants';
import { ApiError, apiFetch } from '@/client/api/client';
import { currentLanguage } from '@/client/i18n';
import { META_KEYS, useSyncEngine } from '@/client/offline';
import { CategoryCard } from './category-card';
import { RequireAllSwitch } from './require-all-switch';
import {
  move,
  newCategory,
  problemsOf,
  relabel,
  toConfig,
  toEditState,
  type EditCategory,
} from './editor-state';

const MESSAGE_KEYS: Record<string, string> = {
  [CHECKLIST_KEYS_MESSAGE]: 'reports.checklistEditor.errors.keys',
  [CATEGORY_KEY_REQUIRED_MESSAGE]: 'reports.checklistEditor.errors.keys',
  [DUPLICATE_CATEGORY_KEY_MESSAGE]: 'reports.checklistEditor.errors.duplicateCategory',
  [CHECKLIST_KEY_FORMAT_MESSAGE]: 'reports.checklistEditor.errors.format',
  'Add at least one category': 'reports.checklistEditor.errors.noCategory',
};

export interface ChecklistSectionProps {
  readOnly: boolean;
  onDirtyChange: (dirty: boolean) => void;
}

/** Settings → Checklists (admin): categories and items of the report checklist, labels per language. */
export function ChecklistSection({ readOnly, onDirtyChange }: ChecklistSectionProps) {
  const { t } = useTranslation();
  const engine = useSyncEngine();
  const [loaded, setLoaded] = useState<ChecklistConfig | null>(null);
  const [state, setState] = useState<EditCategory[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [language, setLanguage] = useState<Language>(currentLanguage());
  const [saving, setSaving] = useState(false);

  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let cancelled = false;
    const apply = (config: ChecklistConfig | null, error: string | null) => {
      if (cancelled) return;
      if (config) {
        setLoaded(config);
        setState(toEditState(config));
      }
      setLoadError(error);
    };
    apiFetch<unknown>('/checklist-config')
      .then((body) => apply(checklistConfigSchema.parse(body), null))
      .catch(async (error: unknown) => {
        // Offline: the device's cached configuration is shown (saving needs the server).
        const cached = checklistConfigSchema.safeParse(
          (await engine.db.meta.get(META_KEYS.checklistConfig))?.value,
        );
        apply(
          cached.success ? cached.data : null,
          error instanceof ApiError && error.serverMessage
            ? error.message
            : t('reports.checklistEditor.loadFailed'),
        );
      });
    return () => {
      cancelled = true;
    };
  }, [engine, t, attempt]);

  const dirty = useMemo(
    () => !!state && !!loaded && JSON.stringify(toConfig(state)) !== JSON.stringify(loaded),
    [state, loaded],
  );
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  const problems = useMemo(() => (state ? problemsOf(state) : null), [state]);
  const message = (text: string | undefined) => (text ? t(MESSAGE_KEYS[text] ?? text) : undefined);

  if (!state) {
    return loadError ? (
      <Alert color="red" icon={<IconAlertTriangle size={18} />}>
        <Group justify="space-between">
          <Text size="sm">{loadError}</Text>
          <Button size="xs" variant="light" onClick={() => setAttempt((n) => n + 1)}>
            {t('common.retry')}
          </Button>
        </Group>
      </Alert>
    ) : (
      <Stack gap="xs" aria-busy="true">
        <Skeleton h={40} />
        <Skeleton h={120} />
      </Stack>
    );
  }

  const setCategory = (index: number, next: EditCategory) =>
    setState(state.map((c, i) => (i === index ? next : c)));

  const save = async () => {
    if (!problems || problems.keys || problems.general || Object.keys(problems.byUid).length > 0) return;
    setSaving(true);
    try {
      const saved = checklistConfigSchema.parse(
        await apiFetch<unknown>('/checklist-config', { method: 'PUT', body: toConfig(state) }),
      );
      await engine.db.meta.put({ key: META_KEYS.checklistConfig, value: saved });
      setLoaded(saved);
      setState(toEditState(saved));
      notifications.show({ color: 'green', message: t('reports.checklistEditor.saved') });
    } catch (error) {
      notifications.show({
        color: 'red',
        message:
          error instanceof ApiError && error.serverMessage
            ? (message(error.message) ?? error.message)
            : t('reports.checklistEditor.saveFailed'),
      });
    } finally {
      setSaving(false);
    }
  };

  const invalid =
    !!problems && (problems.keys || !!problems.general || Object.keys(problems.byUid).length > 0);
  return (
    <Stack gap="md" data-testid="checklist-editor">
      <RequireAllSwitch readOnly={readOnly} />
      {loadError ? (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />}>
          {loadError}
        </Alert>
      ) : null}
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed">
          {t('reports.checklistEditor.intro')}
        </Text>
        <SegmentedControl
          aria-label={t('reports.checklistEditor.language')}
          value={language}
          onChange={(value) => setLanguage(value as Language)}
          data={LANGUAGES.map((l) => ({ value: l, label: l.toUpperCase() }))}
        />
      </Group>
      {state.map((category, c) => (
        <CategoryCard
          key={category.uid}
          category={category}
          index={c}
          count={state.length}
          language={language}
          readOnly={readOnly}
          errorOf={(uid) => message(problems?.byUid[uid])}
          onChange={(next) => setCategory(c, next)}
          onLabel={(text) => setCategory(c, relabel(category, language, text, state, 'category'))}
          onMove={(to) => setState(move(state, c, to))}
          onRemove={() => setState(state.filter((_, i) => i !== c))}
        />
      ))}
      {problems?.keys ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
          {t('reports.checklistEditor.errors.keys')}
        </Alert>
      ) : problems?.general ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
          {message(problems.general)}
        </Alert>
      ) : null}
      {readOnly ? null : (
        <Group justify="space-between">
          <Button
            variant="default"
            leftSection={<IconPlus size={16} />}
            onClick={() => setState([...state, newCategory(state)])}
          >
            {t('reports.checklistEditor.addCategory')}
          </Button>
          <Group gap="xs">
            <Button
              variant="default"
              disabled={!dirty || saving}
              onClick={() => loaded && setState(toEditState(loaded))}
            >
              {t('reports.checklistEditor.discard')}
            </Button>
            <Button onClick={() => void save()} loading={saving} disabled={!dirty || invalid}>
              {t('reports.checklistEditor.save')}
            </Button>
          </Group>
        </Group>
      )}
      <Text size="xs" c="dimmed">
        {t('reports.checklistEditor.keepsReports')}
      </Text>
    </Stack>
  );
}
