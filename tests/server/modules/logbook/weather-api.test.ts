import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LogbookConfig, LogbookEntry } from '@/domain/logbook';
import { startFakeOpenMeteo, type FakeOpenMeteo } from '../../../fixtures/fake-open-meteo';
import { createTestApp, createUser, type TestApp } from '../../support/helpers';

const DAY_MS = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);

let fake: FakeOpenMeteo;
let t: TestApp;
let operator: string;
let admin: string;

beforeAll(async () => {
  fake = await startFakeOpenMeteo();
  t = await createTestApp({
    weatherForecastUrl: fake.forecastUrl,
    weatherArchiveUrl: fake.archiveUrl,
    weatherTimeoutMs: 300,
  });
  operator = (await createUser(t, { username: 'wx-operator', role: 'operator' })).token;
  admin = (await createUser(t, { username: 'wx-admin', role: 'admin' })).token;
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => fake.reset());

const get = (query: string, token = operator) =>
  t.app.inject({ url: `/api/betriebstagebuch/weather${query}`, headers: { 'x-auth-token': token } });

describe('GET /api/betriebstagebuch/weather', () => {
  it('answers temperature, humidity and conditions at the configured site', async () => {
    fake.options.weatherCode = () => 45;
    const res = await get('?date=2024-02-10&time=09:15');
    expect(res.statusCode, res.body).toBe(200);
    const expected = fake.valueAt('2024-02-10', 9);
    expect(res.json()).toEqual({
      date: '2024-02-10',
      time: '09:00',
      temperature: expected.temperature,
      humidity: expected.humidity,
      conditions: 'fog',
      source: 'archive',
    });
    // The default site until an admin configures one.
    expect(fake.requests[0]?.query).toMatchObject({ latitude: '53.551', longitude: '9.994' });

    const today = await get(`?date=${day(0)}`);
    expect(today.statusCode).toBe(200);
    expect(today.json().source).toBe('forecast');
  });

  it('follows the site of the logbook configuration', async () => {
    const config = await t.app.inject({
      url: '/api/betriebstagebuch-config',
      headers: { 'x-auth-token': admin },
    });
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/betriebstagebuch-config',
      payload: {
        ...(config.json() as LogbookConfig),
        site: { name: 'Recyclinghof Süd', latitude: 48.1372, longitude: 11.5756 },
      },
      headers: { 'x-auth-token': admin },
    });
    expect(saved.statusCode).toBe(200);
    await get('?date=2024-02-11');
    expect(fake.requests[0]?.query).toMatchObject({ latitude: '48.137', longitude: '11.576' });
  });

  it('maps every failure onto its fixed text', async () => {
    const cases: Array<[string, number, string, string]> = [
      ['?date=2026-13-01', 400, 'Invalid date', 'invalid_date'],
      ['', 400, 'Invalid date', 'invalid_date'],
      [`?date=${day(30)}`, 404, 'Date not available', 'not_available'],
      ['?date=1900-06-01', 422, 'Date error', 'date_error'],
    ];
    for (const [query, status, message, reason] of cases) {
      const res = await get(query);
      expect(res.statusCode, query).toBe(status);
      expect(res.json(), query).toMatchObject({ message, details: { reason } });
    }
    fake.options.emptyDates.add('2020-02-02');
    const empty = await get('?date=2020-02-02');
    expect(empty.statusCode).toBe(404);
    expect(empty.json().message).toBe('Date not available');
  });

  it('says "Unable to load weather" when the provider is down or too slow', async () => {
    fake.options.failStatus = 500;
    const down = await get('?date=2019-09-09');
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ message: 'Unable to load weather', code: 'SERVICE_UNAVAILABLE' });
    fake.options.failStatus = null;
    fake.options.delayMs = 1000;
    const slow = await get('?date=2019-09-10');
    expect(slow.statusCode).toBe(503);
    expect(slow.json().message).toBe('Unable to load weather');
    fake.options.delayMs = 0;
    fake.options.malformed = true;
    const nonsense = await get('?date=2019-09-11');
    expect(nonsense.statusCode).toBe(502);
    expect(nonsense.json().message).toBe('Unable to load weather');
  });

  it('serves a repeated question from the cache', async () => {
    const first = await get('?date=2018-08-08');
    const second = await get('?date=2018-08-08');
    expect(second.json()).toEqual(first.json());
    expect(fake.requests).toHaveLength(1);
  });
});

describe('weather filled in on save (fetchWeather)', () => {
  const body = (overrides: Record<string, unknown>) => ({
    date: '2024-05-06',
    shiftStart: '07:00',
    shiftEnd: '15:30',
    weather: null,
    conveyorChecks: [],
    specialChecks: [],
    fetchWeather: true,
    ...overrides,
  });
  const post = (payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/betriebstagebuch',
      payload,
      headers: { 'x-auth-token': operator },
    });

  it("fills an empty weather for the entry's date at the shift start", async () => {
    fake.options.weatherCode = () => 0;
    const res = await post(body({}));
    expect(res.statusCode, res.body).toBe(201);
    const expected = fake.valueAt('2024-05-06', 7);
    expect((res.json() as LogbookEntry).weather).toEqual({
      temperature: expected.temperature,
      humidity: expected.humidity,
      conditions: 'clear',
    });
  });

  it('keeps what the operator typed', async () => {
    const typed = { temperature: 12, humidity: 70, conditions: 'Nieselregen' };
    const res = await post(body({ weather: typed }));
    expect(res.json().weather).toEqual(typed);
    expect(fake.requests).toHaveLength(0);
  });

  it('saves without weather when the provider is down', async () => {
    fake.options.failStatus = 503;
    const res = await post(body({ date: '2024-05-07' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().weather).toBeNull();
  });
});
