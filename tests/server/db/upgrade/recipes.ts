import { DEFAULT_SETTINGS } from '@/domain/settings';

/*
 * Data for every table, used by the upgrade test (tests/server/db/upgrade.test.ts): at each point of the
 * migration history every table that exists then gets these rows, then the database is migrated to the
 * latest schema and the rows are checked.
 *
 * A NEW TABLE NEEDS A RECIPE HERE — the test fails and names it otherwise. Give real-looking values
 * (what the app would write): the migrated rows are read back through the API. Columns are the
 * database's (snake_case). A column missing from a recipe is filled with a plain value of its type when
 * it is NOT NULL without a default, so adding a column rarely needs a change here; columns a recipe
 * names that do not exist (yet) at an earlier point are left out.
 */

export type Row = Record<string, unknown>;

export interface TableRecipe {
  rows: (ctx: RecipeContext) => Row[];
  /**
   * Kept from other tables by triggers or jobs (day totals): a migration may rebuild it, so its rows are
   * not compared before and after.
   */
  derived?: boolean;
}

export interface RecipeContext {
  /** argon2id hash of UPGRADE_ADMIN_PASSWORD. */
  adminPasswordHash: string;
}

/** Columns a migration rewrites on purpose ("table": ["column"]): not compared before and after. */
export const REWRITTEN_BY_MIGRATIONS: Record<string, readonly string[]> = {};

export const UPGRADE_ADMIN = 'upgrade-admin';
export const UPGRADE_ADMIN_PASSWORD = 'upgrade-admin-password-1';

export const IDS = {
  admin: '01900000-0000-7000-8000-000000000001',
  operator: '01900000-0000-7000-8000-000000000002',
  excavator: '01900000-0000-7000-8000-000000000101',
  deletedExcavator: '01900000-0000-7000-8000-000000000102',
  report: '01900000-0000-7000-8000-000000000201',
  logbook: '01900000-0000-7000-8000-000000000301',
  item: '01900000-0000-7000-8000-000000000401',
  driver: '01900000-0000-7000-8000-000000000501',
  truck: '01900000-0000-7000-8000-000000000502',
  containerType: '01900000-0000-7000-8000-000000000503',
  assignment: '01900000-0000-7000-8000-000000000504',
  audit: '01900000-0000-7000-8000-000000000601',
  notification: '01900000-0000-7000-8000-000000000701',
  aiCall: '01900000-0000-7000-8000-000000000801',
  delivery: '01900000-0000-7000-8000-000000000901',
  push: '01900000-0000-7000-8000-000000000902',
  followUp: '01900000-0000-7000-8000-000000000a01',
} as const;

const AT = '2026-01-15T08:30:00.000Z';
const LATER = '2026-01-15T09:45:00.000Z';
/** A tiny PNG as a data URL: signatures are stored like this. */
const SIGNATURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

const synced = (id: string, seq: number, extra: Row = {}): Row => ({
  id,
  version: 2,
  created_at: AT,
  created_by: IDS.admin,
  updated_at: LATER,
  updated_by: IDS.admin,
  deleted_at: null,
  change_seq: seq,
  ...extra,
});

const master = (id: string, extra: Row): Row => ({
  id,
  version: 1,
  created_at: AT,
  created_by: IDS.admin,
  updated_at: AT,
  updated_by: IDS.admin,
  deleted_at: null,
  active: true,
  ...extra,
});

export const RECIPES: Record<string, TableRecipe> = {
  users: {
    rows: (ctx) => [
      {
        id: IDS.admin,
        username: UPGRADE_ADMIN,
        name: 'Upgrade Admin',
        email: 'upgrade.admin@example.com',
        phone: '+49 30 1234567',
        department: 'Werkstatt',
        role: 'admin',
        password_hash: ctx.adminPasswordHash,
        active: true,
        profile_image: null,
        signature: SIGNATURE,
        last_login: AT,
        token_version: 0,
        created_at: AT,
        updated_at: AT,
      },
      {
        id: IDS.operator,
        username: 'upgrade-operator',
        name: 'Jörg Bauer',
        email: null,
        role: 'operator',
        password_hash: ctx.adminPasswordHash,
        active: true,
        token_version: 3,
        created_at: AT,
        updated_at: LATER,
      },
    ],
  },
  app_settings: {
    rows: () => [
      {
        id: 1,
        data: {
          ...DEFAULT_SETTINGS,
          app: { ...DEFAULT_SETTINGS.app, name: 'FleetPilot Upgrade', defaultLanguage: 'en' },
        },
        updated_at: AT,
      },
    ],
  },
  audit_log: {
    rows: () => [
      {
        id: IDS.audit,
        at: AT,
        user_id: IDS.admin,
        username: UPGRADE_ADMIN,
        action: 'update',
        entity: 'settings',
        entity_id: null,
        changes: { 'app.name': { from: 'FleetPilot', to: 'FleetPilot Upgrade' } },
        ip: '192.168.1.20',
      },
    ],
  },
  login_throttle: { rows: () => [{ key: 'user:someone', window_start: AT, failures: 2 }] },
  notifications: {
    rows: () => [
      {
        id: IDS.notification,
        user_id: IDS.admin,
        type: 'report.submitted',
        title: 'Bericht eingereicht',
        message: 'Jörg Bauer hat einen Bericht eingereicht.',
        link: `/reports?id=${IDS.report}`,
        read: false,
        created_at: AT,
      },
    ],
  },
  server_secrets: { rows: () => [{ key: 'upgrade-test', value: 'kept-secret-value', created_at: AT }] },
  excavators: {
    rows: () => [
      synced(IDS.excavator, 11, {
        name: 'Bagger Nord',
        model: 'Liebherr R 926',
        serial_number: 'LH-926-0042',
        year: 2019,
        status: 'operational',
        usage_hours: 4210.5,
        location: 'Halle 2',
        engine_number: 'D934-77',
        next_inspection_hours: 4500,
        last_service_hours: 4000,
        purchase_date: '2019-04-01',
        last_service_date: '2025-12-01',
        profile_image: null,
        gallery: [],
        specifications: [{ key: 'Gewicht', value: '26 t' }],
        description: 'Kettenbagger für die Sortieranlage.',
        notes: 'Ölwechsel fällig.',
      }),
      synced(IDS.deletedExcavator, 12, {
        name: 'Bagger Alt',
        model: 'CAT 320',
        serial_number: 'CAT-320-0001',
        status: 'out_of_service',
        usage_hours: 12000,
        gallery: [],
        specifications: [],
        deleted_at: LATER,
      }),
    ],
  },
  idempotency_keys: {
    rows: () => [
      {
        user_id: IDS.admin,
        key: '01900000-0000-7000-8000-00000000aaaa',
        fingerprint: 'f'.repeat(64),
        method: 'POST',
        path: '/api/excavators',
        status: 201,
        response: { id: IDS.excavator },
        headers: { etag: '"1"' },
        created_at: AT,
      },
    ],
  },
  sync_counter: { rows: () => [{ id: 1, value: 100 }] },
  sync_state: { rows: () => [{ id: 1, min_cursor: 0, purged_at: AT }] },
  ai_calls: {
    rows: () => [
      {
        id: IDS.aiCall,
        at: AT,
        helper: 'summarize',
        user_id: IDS.admin,
        model: 'llama3',
        ok: true,
        error_code: null,
        prompt_tokens: 120,
        completion_tokens: 40,
        latency_ms: 850,
      },
    ],
  },
  ai_config: {
    rows: () => [
      {
        id: 1,
        base_url: 'http://127.0.0.1:11434/v1',
        api_key: null,
        chat_model: 'llama3',
        translator_model: 'llama3',
        temperature: 0.3,
        max_tokens: 1024,
        timeout_ms: 60000,
        rate_limit_per_minute: 30,
        enabled: false,
        updated_at: AT,
        updated_by: IDS.admin,
      },
    ],
  },
  ai_rate_limits: { rows: () => [{ key: `user:${IDS.admin}`, window_start: AT, count: 3 }] },
  maintenance_alerts: {
    rows: () => [{ excavator_id: IDS.excavator, threshold: 'soon', hours_until: 42.5, notified_at: AT }],
  },
  notification_deliveries: {
    rows: () => [
      {
        id: IDS.delivery,
        channel: 'email',
        event: 'report.submitted',
        dedupe_key: `email:${IDS.notification}:${IDS.admin}`,
        user_id: IDS.admin,
        target: 'upgrade.admin@example.com',
        payload: {
          title: 'Bericht eingereicht',
          message: 'Jörg Bauer hat einen Bericht eingereicht.',
          link: '/reports',
        },
        status: 'sent',
        attempts: 1,
        max_attempts: 8,
        next_attempt_at: AT,
        last_error: null,
        created_at: AT,
        updated_at: AT,
        sent_at: AT,
      },
    ],
  },
  push_subscriptions: {
    rows: () => [
      {
        id: IDS.push,
        user_id: IDS.admin,
        endpoint: 'https://push.example.com/send/abc',
        p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
        auth: 'tBHItJI5svbpez7KI4CCXg',
        user_agent: 'Mozilla/5.0 (X11; Linux x86_64)',
        created_at: AT,
        updated_at: AT,
      },
    ],
  },
  config_documents: {
    rows: () => [
      { key: 'upgrade-test', data: { kept: true, list: [1, 2, 3] }, updated_at: AT, updated_by: IDS.admin },
    ],
  },
  logbook_entries: {
    rows: () => [
      synced(IDS.logbook, 21, {
        date: '2026-01-15',
        site: 'Recyclinghof Süd',
        shift_start: '06:00',
        shift_end: '14:30',
        weather: { temperature: 3.5, humidity: 81, conditions: 'Nebel' },
        conveyor_checks: [{ key: 'band-1', name: 'Band 1', functional: true, notes: null }],
        special_checks: [{ key: 'brandschutz', name: 'Brandschutz', open: false, notes: 'geprüft' }],
        general_notes: 'Ruhige Schicht.',
        status: 'pending',
        creator_signature: SIGNATURE,
        signed_at: LATER,
        reviewer_signature: null,
        approved_by: null,
        approved_at: null,
      }),
    ],
  },
  reports: {
    rows: () => [
      synced(IDS.report, 31, {
        report_date: '2026-01-15',
        excavator_id: IDS.excavator,
        operator_name: 'Jörg Bauer',
        manager_name: 'Katrin Vogel',
        description: 'Tägliche Sichtprüfung.',
        operating_hours: 4210.5,
        notes: 'Alles in Ordnung.',
        service_date: '2025-12-01',
        uvv_inspection_date: '2025-06-15',
        fuel_level: 75,
        hours_until_next_maintenance: 289.5,
        checklist: {
          exterior: { hydraulics: { state: 'not_ok', note: 'Schlauch feucht' }, tracks: { state: 'ok' } },
        },
        checklist_items: [
          {
            key: 'exterior',
            label: { de: 'Außen', en: 'Exterior' },
            items: [
              { key: 'hydraulics', label: { de: 'Hydrauliklecks', en: 'Hydraulic leaks' } },
              { key: 'tracks', label: { de: 'Laufwerk', en: 'Tracks' } },
            ],
          },
        ],
        operator_signature: SIGNATURE,
        manager_signature: SIGNATURE,
        status: 'approved',
        submitted_at: AT,
        approved_by: IDS.admin,
        approved_at: LATER,
        rejection_reason: null,
        rejected_by: null,
        rejected_at: null,
      }),
    ],
  },
  inventory_items: {
    rows: () => [
      synced(IDS.item, 41, {
        name: 'Hydraulikfilter',
        maker: 'Hydac',
        type: 'Filter',
        quantity: 12,
        price_cents: 4590,
        notes: 'Regal B3',
        tags: ['hydraulik', 'filter'],
        photo: null,
        location: 'Lager 1',
        min_quantity: 4,
        maintenance_type: 'routine',
      }),
    ],
  },
  dispo_container_types: {
    rows: () => [
      master(IDS.containerType, { name: 'Abrollcontainer 30 m³', volume: 30, description: 'für Bauschutt' }),
    ],
  },
  dispo_drivers: {
    rows: () => [
      master(IDS.driver, { name: 'Stefan Krüger', phone: '+49 170 5551234', user_id: IDS.operator }),
    ],
  },
  dispo_trucks: {
    rows: () => [master(IDS.truck, { license_plate: 'B-FP 1234', type: 'Abrollkipper', capacity: 26 })],
  },
  dispo_assignments: {
    rows: () => [
      synced(IDS.assignment, 51, {
        date: '2026-01-16',
        driver_id: IDS.driver,
        truck_id: IDS.truck,
        rounds: [
          {
            notes: 'Tor 3',
            done: false,
            items: [{ containerTypeId: IDS.containerType, quantity: 2, operation: 'swap' }],
          },
        ],
        general_notes: 'Vor 9 Uhr anfahren.',
        status: 'published',
        issued_by: IDS.admin,
        published_at: LATER,
        last_change: null,
      }),
    ],
  },
  follow_ups: {
    rows: () => [
      synced(IDS.followUp, 71, {
        excavator_id: IDS.excavator,
        title: 'Hydrauliklecks',
        title_labels: { de: 'Hydrauliklecks', en: 'Hydraulic leaks' },
        note: 'Schlauch feucht',
        photo: null,
        assignee_id: IDS.operator,
        due_date: '2026-02-01',
        status: 'open',
        source_report_id: IDS.report,
        source_category: 'exterior',
        source_item: 'hydraulics',
        closed_at: null,
        closed_by: null,
        closed_by_report_id: null,
      }),
    ],
  },
  logbook_check_days: {
    derived: true,
    rows: () => [
      {
        date: '2020-01-01',
        kind: 'conveyor',
        key: 'band-1',
        checks: 1,
        failures: 0,
        last_entry_id: IDS.logbook,
        last_name: 'Band 1',
        last_value: true,
        last_notes: null,
      },
    ],
  },
  report_checklist_days: {
    derived: true,
    rows: () => [
      { report_date: '2020-01-01', category: 'exterior', item: 'tracks', answers: 1, checked: 1, failed: 0 },
    ],
  },
  report_machine_days: {
    derived: true,
    rows: () => [
      {
        report_date: '2020-01-01',
        excavator_id: IDS.excavator,
        reports: 1,
        checklist_reports: 1,
        failed: 0,
        min_hours: 100,
        max_hours: 100,
      },
    ],
  },
  devices: {
    rows: () => [
      {
        device_id: '01900000-0000-7000-8000-000000000a01',
        user_id: IDS.operator,
        last_seen_at: LATER,
        waiting: 3,
        oldest_waiting_at: AT,
        app_version: '1.0.0',
        persistent: true,
        alerted_at: null,
        created_at: AT,
      },
    ],
  },
  record_field_changes: {
    rows: () => [
      {
        tbl: 'excavators',
        record_id: IDS.excavator,
        version: 2,
        field: 'location',
        old_value: 'Halle 1',
        changed_at: LATER,
      },
    ],
  },
  report_status_days: {
    derived: true,
    rows: () => [{ report_date: '2020-01-01', status: 'approved', reports: 1 }],
  },
};
