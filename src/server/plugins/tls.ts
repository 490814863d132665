import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { LocalAuthority } from '../tls/local-authority';
import type { SecureServers } from '../tls/secure-server';
import type { TlsLoad, TlsSetup } from '../tls/setup';

export interface TlsState {
  mode: TlsSetup['mode'];
  /** The local authority (HTTPS=local), else null. */
  authority: LocalAuthority | null;
  /**
   * Reads the certificate again and serves it to new connections; open connections are not dropped.
   * Unusable files are logged and the certificate in use stays. Resolves with whether it changed.
   */
  reload(reason: string): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** HTTPS on PORT, or null when FleetPilot serves plain HTTP. */
    tls: TlsState | null;
  }
}

/** Renewal tools write the certificate and the key one after the other: wait for both. */
const SETTLE_MS = 1_000;
const POLL_MS = 1_000;

export interface TlsPluginOptions {
  setup: TlsSetup;
  servers: SecureServers;
  initial: TlsLoad;
}

/**
 * Keeps the HTTPS certificate current without a restart: certificate files are watched (polling their
 * state, which also sees a renewal tool swapping a symlink), and `app.tls.reload` serves SIGHUP.
 */
export const tlsPlugin = fp(
  async (app: FastifyInstance, opts: TlsPluginOptions) => {
    const { setup, servers } = opts;
    let current = opts.initial.credentials;
    const state: TlsState = {
      mode: setup.mode,
      authority: opts.initial.authority,
      async reload(reason) {
        let loaded: TlsLoad;
        try {
          loaded = await setup.load();
        } catch (err) {
          app.log.error({ err }, `TLS reload (${reason}) failed; the certificate in use stays`);
          return false;
        }
        for (const warning of loaded.warnings) app.log.warn(warning);
        if (!loaded.credentials) {
          app.log.error(
            `TLS reload (${reason}): the new files cannot be used; the certificate in use stays:\n  - ${loaded.problems.join('\n  - ')}`,
          );
          return false;
        }
        if (current && loaded.credentials.cert === current.cert && loaded.credentials.key === current.key) {
          app.log.info(`TLS reload (${reason}): the certificate is unchanged`);
          return false;
        }
        current = loaded.credentials;
        state.authority = loaded.authority;
        servers.setCredentials(loaded.credentials);
        app.log.info(`TLS reload (${reason}): new connections use the new certificate`);
        return true;
      },
    };
    app.decorate('tls', state);

    let timer: NodeJS.Timeout | undefined;
    const onChange = (now: fs.Stats, before: fs.Stats) => {
      if (now.mtimeMs === before.mtimeMs && now.ino === before.ino && now.size === before.size) return;
      clearTimeout(timer);
      timer = setTimeout(() => void state.reload('files changed'), SETTLE_MS);
    };
    app.addHook('onReady', async () => {
      for (const file of setup.watchFiles)
        fs.watchFile(file, { interval: POLL_MS, persistent: false }, onChange);
    });
    app.addHook('preClose', async () => {
      clearTimeout(timer);
      for (const file of setup.watchFiles) fs.unwatchFile(file, onChange);
      // Idle HTTP/2 connections would hold the closing server open until they time out; running
      // requests on them still finish.
      servers.closeSessions();
    });
  },
  { name: 'tls' },
);
