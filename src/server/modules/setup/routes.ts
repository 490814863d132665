import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import i18next, { type TFunction } from 'i18next';
import { renderSVG } from 'uqr';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@/domain/constants';
import { SETUP_CA_PATH, SETUP_PATH } from '@/domain/setup';
import { renderSetupPage } from './page';
import { detectPlatform, httpsOrigin, pickLanguage, requestHostname } from './request-info';
import { setupTexts } from './texts';

async function setupTranslator(): Promise<(language: Language) => TFunction> {
  const instance = i18next.createInstance();
  await instance.init({
    resources: Object.fromEntries(LANGUAGES.map((l) => [l, { translation: setupTexts[l] }])),
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    // The page escapes every text itself.
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return (language) => instance.getFixedT(language);
}

/** Where this device opens the app over HTTPS: PUBLIC_URL when it is HTTPS, else the host it used. */
function httpsAddress(app: FastifyInstance, request: FastifyRequest): string | null {
  const publicUrl = app.config.publicUrl;
  if (publicUrl && publicUrl.startsWith('https:')) return new URL('/', publicUrl).href;
  if (!app.tls) return null;
  const address = app.server.address() as AddressInfo | null;
  const host = requestHostname(request.headers.host) ?? 'localhost';
  return address ? httpsOrigin(host, address.port) : null;
}

/**
 * The tablet setup page (`/setup`) and the local authority's certificate (`/setup/ca.crt`). Public:
 * a tablet opens them before it can use the app, also over the plain HTTP port.
 */
export async function setupRoutes(app: FastifyInstance) {
  const translator = await setupTranslator();

  app.get<{ Querystring: { lang?: string } }>(SETUP_PATH, {
    config: { access: 'public' },
    schema: { hide: true },
    handler: async (request, reply) => {
      const language = pickLanguage(request.query.lang, request.headers['accept-language']);
      const httpsUrl = httpsAddress(app, request);
      const html = renderSetupPage(
        {
          language,
          mode: app.tls?.mode ?? 'off',
          secure: request.protocol === 'https',
          httpsUrl,
          qrSvg: httpsUrl ? renderSVG(httpsUrl, { ecc: 'M', border: 2 }) : null,
          fingerprint: app.tls?.authority?.fingerprint256 ?? null,
          platform: detectPlatform(request.headers['user-agent']),
        },
        translator(language),
      );
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-language', language === 'gr' ? 'el' : language)
        .header('vary', 'accept-language, user-agent')
        .send(html);
    },
  });

  app.get(SETUP_CA_PATH, {
    config: { access: 'public' },
    schema: { hide: true },
    handler: async (_request, reply) => {
      const authority = app.tls?.authority;
      if (!authority) {
        return reply.status(404).send({
          message: 'This server has no local certificate authority (HTTPS=local)',
          code: 'NOT_FOUND',
        });
      }
      // DER with the CA MIME type: Android, iOS, Windows, macOS and ChromeOS all offer to install it.
      return reply
        .type('application/x-x509-ca-cert')
        .header('content-disposition', 'attachment; filename="fleetpilot-ca.crt"')
        .header('cache-control', 'no-store')
        .send(authority.caCert.raw);
    },
  });
}
