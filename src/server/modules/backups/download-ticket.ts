import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Database } from '../../db/client';
import { getOrCreateSecret } from '../../services/secrets';

/*
 * A browser downloads an archive by plain navigation (it streams to disk with the browser's own
 * progress, however large the file), and a navigation carries no x-auth-token. So an admin first asks
 * for a ticket: a signed address that names the archive and the admin and expires within a minute.
 * It is signed with a key kept in the database, so any instance behind a load balancer accepts it.
 */

const AUDIENCE = 'fleetpilot-backup-download';
const TICKET_SECONDS = 60;

export interface DownloadTicket {
  userId: string;
  /** The admin's token version when it was issued: signing out everywhere voids tickets too. */
  tokenVersion: number;
  archive: string;
}

async function key(db: Database): Promise<Uint8Array> {
  return new TextEncoder().encode(await getOrCreateSecret(db, 'backup-download'));
}

export async function issueDownloadTicket(db: Database, ticket: DownloadTicket): Promise<string> {
  return new SignJWT({ arc: ticket.archive, tv: ticket.tokenVersion })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(ticket.userId)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${TICKET_SECONDS}s`)
    .sign(await key(db));
}

/** The ticket's content, or null when it is forged, altered or expired. */
export async function readDownloadTicket(db: Database, token: string): Promise<DownloadTicket | null> {
  try {
    const { payload } = await jwtVerify(token, await key(db), {
      algorithms: ['HS256'],
      audience: AUDIENCE,
      requiredClaims: ['exp', 'sub'],
    });
    if (typeof payload.arc !== 'string' || typeof payload.tv !== 'number') return null;
    return { userId: String(payload.sub), tokenVersion: payload.tv, archive: payload.arc };
  } catch (err) {
    if (err instanceof joseErrors.JOSEError) return null;
    throw err;
  }
}
