// The Targets view's vscode-free helpers: a target's address and icon, an allowed pipeline's project.
import * as assert from 'node:assert/strict';
import type { TargetSummary } from '../../../src/api';
import { projectOfPipeline, targetAddress, targetIcon } from '../../../src/features/targets/targetFacts';

describe('targets: what a row shows', () => {
  it('helpers: address, icon and project name tolerate missing parts', () => {
    assert.equal(targetAddress({ host: 'h', port: '22', path: '/p' }), 'h:22/p');
    assert.equal(targetAddress({ host: 'h', port: null, path: null }), 'h');
    assert.equal(targetAddress({ host: null, path: 'bucket/dir' }), 'bucket/dir');
    assert.equal(targetAddress({}), undefined);
    assert.equal(targetIcon('SSH'), 'server');
    assert.equal(targetIcon('KUBERNETES'), 'cloud');
    assert.equal(targetIcon('SOMETHING_NEW'), 'question');
    assert.equal(targetIcon(undefined), 'question');
    assert.equal(projectOfPipeline({ url: 'https://api.example.com/workspaces/acme/projects/web-app/pipelines/103' }), 'web-app');
    assert.equal(projectOfPipeline({ url: 'https://api.example.com/pipelines/103', html_url: 'https://app/acme/x' }), undefined);
    assert.equal(projectOfPipeline({}), undefined);
  });

  it('joins host, port and path with one slash; a port alone is no address', () => {
    assert.equal(targetAddress({ host: 'h', port: '22', path: 'p' }), 'h:22/p');
    assert.equal(targetAddress({ host: 'h', port: '', path: '' }), 'h');
    assert.equal(targetAddress({ port: '22' }), undefined);
    assert.equal(targetAddress({ host: 'h', port: 0 as unknown as string }), 'h:0');
    assert.equal(targetAddress({ path: '/srv/www' }), '/srv/www');
  });

  it('shows no host or path that is not text (an odd answer)', () => {
    const odd = (t: Record<string, unknown>) => targetAddress(t as Partial<TargetSummary>);
    assert.equal(odd({ host: 42, path: 'dir' }), 'dir');
    assert.equal(odd({ host: 'h', path: { dir: 'x' } }), 'h');
    assert.equal(odd({ host: true, path: 7 }), undefined);
  });

  it('picks the icon by type, in any case, and by the cloud prefixes', () => {
    assert.equal(targetIcon('sftp'), 'server');
    assert.equal(targetIcon('AWS_LAMBDA'), 'cloud');
    assert.equal(targetIcon('azure_blob'), 'cloud');
    assert.equal(targetIcon('GOOGLE_CLOUD_RUN'), 'cloud');
    assert.equal(targetIcon(null), 'question');
  });

  it('reads the project from a relative address, from html_url, and decodes it', () => {
    assert.equal(projectOfPipeline({ url: '/workspaces/acme/projects/web-app/pipelines/103/' }), 'web-app');
    assert.equal(projectOfPipeline({ url: 'elsewhere', html_url: 'https://app.example.com/acme/projects/my%20app/pipelines/7' }), 'my app');
    assert.equal(projectOfPipeline({ url: '/projects/bad%E0/pipelines/7' }), 'bad%E0');
  });

  it("reads only a pipeline's own address: its query and fragment aside, not one below it", () => {
    assert.equal(projectOfPipeline({ html_url: 'https://app.example.com/acme/projects/web-app/pipelines/7?tab=runs&back=/acme#top' }), 'web-app');
    assert.equal(projectOfPipeline({ url: 'https://api.example.com/workspaces/acme/projects/web-app/pipelines/7/executions/3' }), undefined);
  });
});
