// Which files are pipeline definitions: `buddy.yml` / `buddy.yaml` at a workspace folder's root, and
// `*.yml` / `*.yaml` anywhere under a folder's `.buddy/`. Pure (paths only): the unit tests run it.

/** The glob of the editor's document selector (the exact rule is isPipelineFile). */
export const PIPELINE_FILE_GLOB = '**/{buddy.yml,buddy.yaml,.buddy/**/*.yml,.buddy/**/*.yaml}';

/**
 * Whether `path` (with forward slashes) is a pipeline file of the folder at `folderPath`. A path
 * outside every folder is none.
 */
export function isPipelineFile(path: string, folderPath: string): boolean {
  const folder = folderPath.replace(/\/+$/, '');
  if (!path.startsWith(`${folder}/`)) {
    return false;
  }
  const rel = path.slice(folder.length + 1);
  if (/^buddy\.ya?ml$/i.test(rel)) {
    return true;
  }
  return /^\.buddy\/(?:[^/]+\/)*[^/]+\.ya?ml$/i.test(rel);
}
