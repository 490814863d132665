import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { WEATHER_ERROR_MESSAGES, weatherQuerySchema, weatherReadingSchema } from '@/domain/logbook';
import { HttpError } from '../../http-error';
import { WeatherError } from '../../services/weather/errors';
import type { WeatherService } from '../../services/weather/service';
import { errorBodySchema } from '../auth/schemas';
import { readLogbookConfig } from './config';

/** A weather failure as its fixed user-facing text; `details.reason` names the case for the client. */
export function weatherHttpError(error: WeatherError): HttpError {
  switch (error.kind) {
    case 'invalid_date':
      return new HttpError('VALIDATION_FAILED', WEATHER_ERROR_MESSAGES.invalidDate, {
        reason: 'invalid_date',
        fields: { date: [WEATHER_ERROR_MESSAGES.invalidDate] },
      });
    case 'not_available':
      return new HttpError('NOT_FOUND', WEATHER_ERROR_MESSAGES.notAvailable, { reason: 'not_available' });
    case 'date_error':
      return new HttpError('UNPROCESSABLE', WEATHER_ERROR_MESSAGES.dateError, {
        reason: 'date_error',
        detail: error.detail,
      });
    default:
      return new HttpError(
        'SERVICE_UNAVAILABLE',
        WEATHER_ERROR_MESSAGES.unavailable,
        { reason: 'unavailable' },
        error.status,
      );
  }
}

/**
 * GET /api/betriebstagebuch/weather?date=YYYY-MM-DD[&time=HH:MM] — temperature, humidity and conditions
 * at the configured site (logbook configuration `site`) on that date, from the weather service.
 * 400 "Invalid date", 404 "Date not available", 422 "Date error", 502/503 "Unable to load weather".
 */
export function weatherRoutes(weather: WeatherService) {
  return async function routes(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get('/betriebstagebuch/weather', {
      config: { access: 'logbook:read' },
      schema: {
        tags: ['logbook'],
        querystring: weatherQuerySchema,
        response: {
          200: weatherReadingSchema,
          400: errorBodySchema,
          404: errorBodySchema,
          422: errorBodySchema,
          502: errorBodySchema,
          503: errorBodySchema,
        },
      },
      handler: async (request) => {
        const { site } = await readLogbookConfig(app.db);
        try {
          return await weather.lookup({
            latitude: site.latitude,
            longitude: site.longitude,
            date: (request.query.date ?? '').trim(),
            time: request.query.time,
          });
        } catch (err) {
          if (!(err instanceof WeatherError)) throw err;
          if (err.kind === 'unavailable') request.log.warn({ detail: err.detail }, 'weather provider failed');
          throw weatherHttpError(err);
        }
      },
    });
  };
}
