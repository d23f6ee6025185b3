// Pipeline definitions as YAML (conventions.md, "Pipeline definitions (YAML)"): the answer of GET
// …/pipelines/:id?yaml=true and …/pipelines?yaml=true is `{url, html_url, yaml}` with the text in
// base64; POST …/pipelines/yaml and PATCH …/pipelines/:id/yaml send `{yaml: <base64>}`. Reading is
// tolerant (line breaks in the base64, no padding, a missing `html_url`) and bounded: a definition
// over MAX_DEFINITION_BYTES, or base64 that is not, is refused as a ShapeError, never decoded.
import { ShapeError } from './checks';

/** The largest definition read or sent (decoded UTF-8 bytes); real files are a few kB. */
export const MAX_DEFINITION_BYTES = 4 * 1024 * 1024;

/** A pipeline's (or a project's) definition as the service keeps it. */
export interface PipelineDefinition {
  url?: string;
  html_url?: string;
  /** The definition, decoded (UTF-8). */
  yaml: string;
}

/** What POST/PATCH …/yaml answer: the pipeline made or changed (its `id`, and what names it). */
export interface PipelineYamlResult {
  url?: string;
  html_url?: string;
  id: number;
  identifier?: string | null;
  name?: string | null;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** UTF-8 text as base64; throws a RangeError past MAX_DEFINITION_BYTES (nothing is sent). */
export function encodeDefinition(text: string): string {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length > MAX_DEFINITION_BYTES) {
    throw new RangeError(`The definition is ${bytes.length} bytes; at most ${MAX_DEFINITION_BYTES} are sent.`);
  }
  return bytes.toString('base64');
}

/**
 * Base64 (white space ignored, padding optional, URL-safe letters accepted) as UTF-8 text. Throws a
 * ShapeError when it is not base64 or decodes past MAX_DEFINITION_BYTES; the check of the length
 * comes first, so an oversized answer is never decoded.
 */
export function decodeDefinition(raw: unknown, at = 'yaml'): string {
  if (typeof raw !== 'string') {
    throw new ShapeError(at, 'base64 text', raw);
  }
  if (raw.length > ((MAX_DEFINITION_BYTES + 2) / 3) * 4 * 1.1 + 1024) {
    throw new ShapeError(at, `at most ${MAX_DEFINITION_BYTES} bytes`, raw);
  }
  const compact = raw.replace(/\s+/g, '').replace(/-/g, '+').replace(/_/g, '/');
  if (!BASE64.test(compact) || compact.length % 4 === 1) {
    throw new ShapeError(at, 'base64 text', raw);
  }
  const bytes = Buffer.from(compact, 'base64');
  if (bytes.length > MAX_DEFINITION_BYTES) {
    throw new ShapeError(at, `at most ${MAX_DEFINITION_BYTES} bytes`, raw);
  }
  // A byte order mark is no part of the text.
  return bytes.toString('utf8').replace(/^\uFEFF/, '');
}

const optStr = (o: Record<string, unknown>, key: string): string | undefined => (typeof o[key] === 'string' ? o[key] : undefined);

function object(json: unknown, at: string): Record<string, unknown> {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new ShapeError(at, 'an object', json);
  }
  return json as Record<string, unknown>;
}

/** Reads `{url, html_url, yaml}`; `yaml` is required, the links are kept when they are strings. */
export function readDefinition(json: unknown, at: string): PipelineDefinition {
  const o = object(json, at);
  const url = optStr(o, 'url');
  const html = optStr(o, 'html_url');
  return { ...(url === undefined ? {} : { url }), ...(html === undefined ? {} : { html_url: html }), yaml: decodeDefinition(o.yaml, at ? `${at}.yaml` : 'yaml') };
}

/** Reads what POST/PATCH …/yaml answer: `id` required (a number), the rest when present. */
export function readYamlResult(json: unknown, at: string): PipelineYamlResult {
  const o = object(json, at);
  if (typeof o.id !== 'number' || !Number.isFinite(o.id)) {
    throw new ShapeError(at ? `${at}.id` : 'id', 'a number', o.id);
  }
  const out: PipelineYamlResult = { id: o.id };
  for (const key of ['url', 'html_url', 'identifier', 'name'] as const) {
    const v = optStr(o, key);
    if (v !== undefined) {
      out[key] = v;
    }
  }
  return out;
}
