/** Where the uploads go, as named by STORAGE_URL (unset: local disk under DATA_DIR/uploads). */
export interface S3StorageConfig {
  kind: 's3';
  bucket: string;
  /** Key prefix inside the bucket ("" or "fleetpilot/"), from the URL's path. */
  prefix: string;
  /** The S3 API's address for S3-compatible stores (MinIO, Ceph, Garage, R2 …); unset: AWS itself. */
  endpoint: string | undefined;
  region: string;
  /** Bucket in the path ("endpoint/bucket/key") instead of the host name; default on with an endpoint. */
  forcePathStyle: boolean;
  /** From AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY; unset: the SDK's own chain (instance role, profile). */
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | undefined;
}

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const KNOWN_PARAMS = new Set(['endpoint', 'region', 'pathStyle']);

/**
 * Parses `s3://<bucket>[/<prefix>]?endpoint=<url>&region=<r>[&pathStyle=true|false]`; returns the
 * configuration or a list of problems (every one, like the rest of the configuration).
 */
export function parseStorageUrl(
  value: string,
  env: { accessKeyId?: string; secretAccessKey?: string; sessionToken?: string },
): { config: S3StorageConfig; problems: [] } | { config: null; problems: string[] } {
  const problems: string[] = [];
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { config: null, problems: ['STORAGE_URL: must be a URL like s3://bucket?endpoint=…&region=…'] };
  }
  if (url.protocol !== 's3:') problems.push('STORAGE_URL: only s3:// URLs are supported');
  const bucket = url.hostname;
  if (!BUCKET.test(bucket))
    problems.push('STORAGE_URL: the bucket name must be 3–63 lower-case letters, digits, dots or hyphens');
  if (url.username || url.password)
    problems.push('STORAGE_URL: put the keys in AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, not the URL');
  for (const key of url.searchParams.keys()) {
    if (!KNOWN_PARAMS.has(key)) problems.push(`STORAGE_URL: unknown parameter "${key}"`);
  }
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint !== undefined) {
    try {
      const parsed = new URL(endpoint);
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('protocol');
    } catch {
      problems.push('STORAGE_URL: endpoint must be an http:// or https:// URL');
    }
  }
  const pathStyle = url.searchParams.get('pathStyle');
  if (pathStyle !== null && pathStyle !== 'true' && pathStyle !== 'false')
    problems.push('STORAGE_URL: pathStyle must be true or false');
  const prefix = decodeURIComponent(url.pathname)
    .split('/')
    .filter((s) => s !== '')
    .join('/');
  if (prefix.split('/').some((s) => s === '.' || s === '..'))
    problems.push('STORAGE_URL: the key prefix must not contain "." or ".." segments');
  const { accessKeyId, secretAccessKey, sessionToken } = env;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey))
    problems.push('AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY: set both or neither');
  if (problems.length > 0) return { config: null, problems };
  return {
    config: {
      kind: 's3',
      bucket,
      prefix: prefix ? `${prefix}/` : '',
      endpoint,
      region: url.searchParams.get('region') ?? 'us-east-1',
      forcePathStyle: pathStyle === null ? endpoint !== undefined : pathStyle === 'true',
      credentials:
        accessKeyId && secretAccessKey
          ? { accessKeyId, secretAccessKey, ...(sessionToken && { sessionToken }) }
          : undefined,
    },
    problems: [],
  };
}

/** The storage in words for logs and summaries, without any secret. */
export function describeS3(config: S3StorageConfig): string {
  return `s3://${config.bucket}/${config.prefix}${config.endpoint ? ` at ${config.endpoint}` : ''}`;
}
