import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WeatherSummary } from '@/client/features/dashboard/weather-summary';
import { renderWithProviders, resetClientState, useEnglish } from '../../support/render';

const READING = {
  date: '2026-11-26',
  time: '12:00',
  temperature: 7.5,
  humidity: 80,
  conditions: 'cloudy',
  source: 'forecast',
};

let errors: ReturnType<typeof vi.spyOn>;
beforeEach(async () => {
  resetClientState();
  await useEnglish();
  errors = vi.spyOn(console, 'error');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the dashboard weather when the weather service is unreachable', () => {
  it('asks once, falls back quietly, retries once and then stays quiet', async () => {
    let answer = () =>
      Response.json({ message: 'Unable to load weather', code: 'UNAVAILABLE' }, { status: 503 });
    const fetchMock = vi.fn(async () => answer());
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<WeatherSummary enabled retryMs={200} />);
    expect(await screen.findByText('Unable to load weather')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(await screen.findByText('Unable to load weather')).toBeInTheDocument();
    // No third attempt, and nothing logged for an expected failure.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(errors).not.toHaveBeenCalled();
    answer = () => Response.json(READING);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('fills the tile when the retry succeeds', async () => {
    let calls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        ++calls === 1
          ? Response.json({ message: 'Unable to load weather' }, { status: 503 })
          : Response.json(READING),
      ),
    );
    renderWithProviders(<WeatherSummary enabled retryMs={100} />);
    expect(await screen.findByText('Unable to load weather')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('dashboard-weather')).toHaveTextContent('7.5'));
    expect(screen.queryByText('Unable to load weather')).toBeNull();
  });
});
