// Create Project's names: the slug proposed from the display name, and the check of a typed name.
import * as assert from 'node:assert/strict';
import { checkProjectName, MAX_PROJECT_NAME, slugOf } from '../../../src/features/projects/projectName';

describe('Create Project: names', () => {
  it('derives names as the service does', () => {
    assert.equal(slugOf('Web App'), 'web-app');
    assert.equal(slugOf('  Café & Co. 2026 '), 'cafe-co-2026');
    assert.equal(slugOf('***'), '');
  });

  it('cuts a long slug to the longest name, without a trailing dash', () => {
    const slug = slugOf(`${'a'.repeat(MAX_PROJECT_NAME - 1)} b`);
    assert.equal(slug, 'a'.repeat(MAX_PROJECT_NAME - 1));
    assert.equal(slugOf('b'.repeat(MAX_PROJECT_NAME + 5)).length, MAX_PROJECT_NAME);
  });

  it('accepts lower-case letters, digits and inner dashes, up to the longest name', () => {
    assert.equal(checkProjectName('web-app'), undefined);
    assert.equal(checkProjectName('a'), undefined);
    assert.equal(checkProjectName('a'.repeat(MAX_PROJECT_NAME)), undefined);
    assert.equal(checkProjectName(''), 'Enter a name for the project.');
    assert.equal(checkProjectName('a'.repeat(MAX_PROJECT_NAME + 1)), `Use at most ${MAX_PROJECT_NAME} characters.`);
    for (const bad of ['-web', 'web-', 'Web', 'web app', 'web_app']) {
      assert.match(String(checkProjectName(bad)), /lower-case letters, digits and dashes/, bad);
    }
  });
});
