import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WeatherError } from '@/server/services/weather/errors';
import { createWeatherService, type WeatherService } from '@/server/services/weather/service';
import { conditionFromWmoCode } from '@/server/services/weather/wmo';
import { startFakeOpenMeteo, type FakeOpenMeteo } from '../../../fixtures/fake-open-meteo';

const DAY_MS = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);
const HAMBURG = { latitude: 53.5511, longitude: 9.9937 };

let fake: FakeOpenMeteo;
let weather: WeatherService;

function service(timeoutMs = 2000): WeatherService {
  return createWeatherService({ forecastUrl: fake.forecastUrl, archiveUrl: fake.archiveUrl, timeoutMs });
}

async function failure(promise: Promise<unknown>): Promise<WeatherError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof WeatherError) return err;
    throw err;
  }
  throw new Error('expected a WeatherError');
}

beforeAll(async () => {
  fake = await startFakeOpenMeteo();
});
afterAll(async () => fake.close());
beforeEach(() => {
  fake.reset();
  weather = service();
});

describe('conditionFromWmoCode', () => {
  it('maps WMO weather codes onto the condition keys', () => {
    const cases: Array<[number | null, string | null]> = [
      [0, 'clear'],
      [2, 'partly_cloudy'],
      [3, 'cloudy'],
      [48, 'fog'],
      [55, 'drizzle'],
      [63, 'rain'],
      [81, 'rain'],
      [75, 'snow'],
      [86, 'snow'],
      [95, 'thunderstorm'],
      [99, 'thunderstorm'],
      [42, null],
      [null, null],
    ];
    for (const [code, condition] of cases) expect(conditionFromWmoCode(code), String(code)).toBe(condition);
  });
});

describe('the weather service against a fake Open-Meteo', () => {
  it("reads today from the forecast at the site's current hour", async () => {
    // Today as the site sees it (the fake answers for Europe/Berlin, UTC+1): between 23:00 and
    // midnight UTC that is already tomorrow's date.
    const today = new Date(Date.now() + 3600_000).toISOString().slice(0, 10);
    const before = new Date(Date.now() + 3600_000).toISOString().slice(11, 13);
    const reading = await weather.lookup({ ...HAMBURG, date: today });
    const after = new Date(Date.now() + 3600_000).toISOString().slice(11, 13);
    expect([`${before}:00`, `${after}:00`]).toContain(reading.time);
    const expected = fake.valueAt(today, Number(reading.time.slice(0, 2)));
    expect(reading).toEqual({
      date: today,
      time: reading.time,
      temperature: expected.temperature,
      humidity: expected.humidity,
      conditions: conditionFromWmoCode(expected.weatherCode),
      source: 'forecast',
    });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({
      endpoint: 'forecast',
      query: {
        latitude: '53.551',
        longitude: '9.994',
        hourly: 'temperature_2m,relative_humidity_2m,weather_code',
        start_date: today,
        end_date: today,
        timezone: 'auto',
      },
    });
  });

  it('reads a past date from the archive at noon, or at the asked time', async () => {
    fake.options.weatherCode = () => 61;
    const noon = await weather.lookup({ ...HAMBURG, date: '2024-03-15' });
    expect(noon).toMatchObject({ date: '2024-03-15', time: '12:00', source: 'archive', conditions: 'rain' });
    expect(noon.temperature).toBe(fake.valueAt('2024-03-15', 12).temperature);
    const early = await weather.lookup({ ...HAMBURG, date: '2024-03-15', time: '06:45' });
    expect(early).toMatchObject({ time: '06:00', humidity: fake.valueAt('2024-03-15', 6).humidity });
    expect(fake.requests.map((r) => r.endpoint)).toEqual(['archive']);
  });

  it('reads the last days, which the archive does not have yet, from the forecast', async () => {
    const reading = await weather.lookup({ ...HAMBURG, date: day(-3) });
    expect(reading.source).toBe('forecast');
    expect(reading.temperature).toBe(fake.valueAt(day(-3), 12).temperature);
  });

  it('caches one day per place: a second hour of the same day asks the provider no more', async () => {
    await weather.lookup({ ...HAMBURG, date: '2023-07-01', time: '08:00' });
    await weather.lookup({ ...HAMBURG, date: '2023-07-01', time: '16:00' });
    await Promise.all([
      weather.lookup({ ...HAMBURG, date: '2023-07-02' }),
      weather.lookup({ ...HAMBURG, date: '2023-07-02' }),
    ]);
    expect(fake.requests.map((r) => r.query.start_date)).toEqual(['2023-07-01', '2023-07-02']);
    expect(weather.cacheSize).toBe(2);
    await weather.lookup({ latitude: 48.137, longitude: 11.575, date: '2023-07-01' });
    expect(fake.requests).toHaveLength(3);
  });

  it('calls malformed dates and times invalid without asking the provider', async () => {
    for (const date of ['2026-02-30', '02.03.2026', '', 'today']) {
      expect((await failure(weather.lookup({ ...HAMBURG, date }))).kind, date).toBe('invalid_date');
    }
    expect((await failure(weather.lookup({ ...HAMBURG, date: day(0), time: '25:00' }))).kind).toBe(
      'invalid_date',
    );
    expect(fake.requests).toHaveLength(0);
  });

  it('calls dates before the records a date error, and dates beyond the forecast not available', async () => {
    expect((await failure(weather.lookup({ ...HAMBURG, date: '1939-12-31' }))).kind).toBe('date_error');
    expect((await failure(weather.lookup({ ...HAMBURG, date: day(40) }))).kind).toBe('not_available');
    expect(fake.requests).toHaveLength(0);
  });

  it('calls a date the provider refuses or has no values for not available', async () => {
    // The fake's forecast reaches 15 days ahead; the service tries one more day for the time zone.
    expect((await failure(weather.lookup({ ...HAMBURG, date: day(16) }))).kind).toBe('not_available');
    fake.options.emptyDates.add('2022-05-05');
    expect((await failure(weather.lookup({ ...HAMBURG, date: '2022-05-05' }))).kind).toBe('not_available');
    expect(fake.requests).toHaveLength(2);
  });

  it('reports a provider that is down, slow or talking nonsense as unavailable, and caches no failure', async () => {
    fake.options.failStatus = 503;
    const down = await failure(weather.lookup({ ...HAMBURG, date: '2021-01-01' }));
    expect(down).toMatchObject({ kind: 'unavailable', status: 503 });
    fake.options.failStatus = null;
    fake.options.malformed = true;
    expect(await failure(weather.lookup({ ...HAMBURG, date: '2021-01-01' }))).toMatchObject({
      kind: 'unavailable',
      status: 502,
    });
    fake.options.malformed = false;
    fake.options.delayMs = 1000;
    const slow = service(150);
    const started = Date.now();
    expect(await failure(slow.lookup({ ...HAMBURG, date: '2021-01-01' }))).toMatchObject({
      kind: 'unavailable',
    });
    expect(Date.now() - started).toBeLessThan(900);
    fake.options.delayMs = 0;
    const ok = await weather.lookup({ ...HAMBURG, date: '2021-01-01' });
    expect(ok.temperature).toBe(fake.valueAt('2021-01-01', 12).temperature);
  });

  it('reports an unreachable provider as unavailable', async () => {
    const nowhere = createWeatherService({
      forecastUrl: 'http://127.0.0.1:9/v1/forecast',
      archiveUrl: 'http://127.0.0.1:9/v1/archive',
      timeoutMs: 2000,
    });
    expect((await failure(nowhere.lookup({ ...HAMBURG, date: day(0) }))).kind).toBe('unavailable');
  });
});
