// What a target row shows, read from the target alone: its address, the icon for its type, and the
// project of an allowed pipeline. No vscode import: the unit tests run it in plain Node.
import type { PipelineRef, TargetSummary } from '../../api';

/** Types that are one machine reached over a network protocol. */
const SERVER_TYPES = new Set(['SSH', 'FTP', 'FTPS', 'SFTP', 'RSYNC', 'WEBDAV', 'SMB', 'SCP']);
/** Types that are a cloud service or cluster. */
const CLOUD_TYPES = new Set([
  'KUBERNETES',
  'AWS',
  'AMAZON',
  'S3',
  'AZURE',
  'GCP',
  'GOOGLE',
  'GCE',
  'GKE',
  'DIGITAL_OCEAN',
  'DIGITALOCEAN',
  'HEROKU',
  'NETLIFY',
  'VERCEL',
  'CLOUDFLARE',
  'FIREBASE',
]);

/** `host:port/path`, with the parts the target has; undefined when it has none (e.g. a cluster). */
export function targetAddress(t: Partial<TargetSummary>): string | undefined {
  const host = typeof t.host === 'string' && t.host ? t.host : undefined;
  const port = t.port == null ? '' : String(t.port); // '' is no port, as below
  const path = typeof t.path === 'string' && t.path ? t.path : undefined;
  if (!host && !path) {
    return undefined;
  }
  const hostPort = host ? (port ? `${host}:${port}` : host) : '';
  if (!path) {
    return hostPort;
  }
  return hostPort ? `${hostPort}${path.startsWith('/') ? '' : '/'}${path}` : path;
}

/** server, cloud, or question for a type this extension does not know. */
export function targetIcon(type: string | null | undefined): 'server' | 'cloud' | 'question' {
  // Stryker disable next-line StringLiteral: no type and a type this extension does not know both give 'question'
  const t = String(type ?? '').toUpperCase();
  if (SERVER_TYPES.has(t)) {
    return 'server';
  }
  if (CLOUD_TYPES.has(t) || t.startsWith('AWS') || t.startsWith('AZURE') || t.startsWith('GOOGLE')) {
    return 'cloud';
  }
  return 'question';
}

/**
 * The project's name from a pipeline reference's address (`…/projects/<name>/pipelines/<id>`),
 * trying `url` then `html_url`; undefined when neither has that shape.
 */
export function projectOfPipeline(pipeline: Partial<PipelineRef>): string | undefined {
  for (const address of [pipeline.url, pipeline.html_url]) {
    if (typeof address !== 'string') {
      continue;
    }
    let path = address;
    try {
      path = new URL(address).pathname;
    } catch {
      // Not absolute: read it as a path.
    }
    const m = /\/projects\/([^/]+)\/pipelines\/[^/]+\/?$/.exec(path);
    if (m) {
      try {
        return decodeURIComponent(m[1]);
      } catch {
        return m[1];
      }
    }
  }
  return undefined;
}
