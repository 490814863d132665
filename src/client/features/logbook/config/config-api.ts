import { apiFetch } from '@/client/api/client';
import { logbookConfigSchema, type LogbookConfig } from '@/domain/logbook';

export async function getLogbookConfig(): Promise<LogbookConfig> {
  return logbookConfigSchema.parse(await apiFetch<unknown>('/betriebstagebuch-config'));
}

/** PUT /api/betriebstagebuch-config: replaces the document (admins). */
export async function saveLogbookConfig(config: LogbookConfig): Promise<LogbookConfig> {
  return logbookConfigSchema.parse(
    await apiFetch<unknown>('/betriebstagebuch-config', { method: 'PUT', body: config }),
  );
}
