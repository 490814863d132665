import type { FastifyInstance } from 'fastify';
import { createWeatherService } from '../../services/weather/service';
import { logbookConfigRoutes } from './config';
import { logbookCollection } from './data';
import { entryRoutes } from './entry-routes';
import { reviewRoutes } from './review-routes';
import { weatherRoutes } from './weather-routes';

/**
 * The daily operations log, "Betriebstagebuch": configuration, entries with their status
 * machine, approval, PDF and the weather lookup. Registers the synced collection 'logbook'.
 * Every path lies under /betriebstagebuch…, gated by the `betriebstagebuch` flag (access plugin).
 */
export async function logbookRoutes(app: FastifyInstance) {
  app.sync.register(logbookCollection);
  // One per app: its cache is shared by the weather endpoint and the fill-in on save.
  const weather = createWeatherService({
    forecastUrl: app.config.weatherForecastUrl,
    archiveUrl: app.config.weatherArchiveUrl,
    timeoutMs: app.config.weatherTimeoutMs,
  });
  await app.register(logbookConfigRoutes);
  await app.register(weatherRoutes(weather));
  await app.register(entryRoutes(weather));
  await app.register(reviewRoutes);
}
