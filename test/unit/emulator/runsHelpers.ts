// Shared by the emulator's run tests: paths of the demo run pipelines and small HTTP steps.
import * as assert from 'node:assert/strict';
import type { Emulator } from '../../emulator';
import { Answer, call } from './helpers';

export const PIPELINES = '/workspaces/acme/projects/api-service/pipelines';
export const runsPath = (pipelineId: number): string => `${PIPELINES}/${pipelineId}/executions`;
export const HEX24 = /^[0-9a-f]{24}$/;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

export interface RunSteps {
  start(pipelineId: number, body?: unknown, token?: string): Promise<Json>;
  get(pipelineId: number, runId: number): Promise<Json>;
  patch(pipelineId: number, runId: number, body: unknown, token?: string): Promise<Answer>;
  /** Every line of an action execution's log, read in pages of 1000. */
  log(pipelineId: number, runId: number, actionExecutionId: string): Promise<string[]>;
  statuses(run: Json): string[];
  /** The pipeline's last_execution_status and last_execution_revision, as its list shows them. */
  pipelineLast(pipelineId: number): Promise<[string | null, string | null]>;
}

export function runSteps(emu: Emulator): RunSteps {
  const ok = (a: Answer, what: string): Json => {
    assert.equal(a.status, 200, `${what}: ${a.text}`);
    return a.json;
  };
  return {
    start: async (pipelineId, body = {}, token) => ok(await call(emu.url, 'POST', runsPath(pipelineId), { body, token }), `start ${pipelineId}`),
    get: async (pipelineId, runId) => ok(await call(emu.url, 'GET', `${runsPath(pipelineId)}/${runId}`), `run ${pipelineId}/${runId}`),
    patch: (pipelineId, runId, body, token) => call(emu.url, 'PATCH', `${runsPath(pipelineId)}/${runId}`, { body, token }),
    log: async (pipelineId, runId, actionExecutionId) => {
      const lines: string[] = [];
      for (;;) {
        const page = ok(
          await call(emu.url, 'GET', `${runsPath(pipelineId)}/${runId}/action_executions/${actionExecutionId}/logs?offset=${lines.length}&limit=1000`),
          'log',
        );
        lines.push(...(page.logs as string[]));
        if (page.element_count === 0 || lines.length >= page.total_element_count) {
          return lines;
        }
      }
    },
    statuses: (run) => [run.status, ...run.action_executions.map((a: { status: string }) => a.status)],
    pipelineLast: async (pipelineId) => {
      const list = ok(await call(emu.url, 'GET', `${PIPELINES}?per_page=100`), 'pipelines');
      const p = list.pipelines.find((x: { id: number }) => x.id === pipelineId);
      return [p.last_execution_status, p.last_execution_revision];
    },
  };
}
