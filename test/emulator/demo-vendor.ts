// The few demo items only the vendor dialect has: things the real service answers that our
// specification has no room for. Everything else in the vendor dialect is the default demo data
// written the vendor's way (see dialect.ts and the resource modules).
import { DemoProject, DemoTarget, DemoVariable, pipeline, USERS } from './demo-data';

/** Project `infra`: its `display_name` is null (a client falls back to the name). */
export const VENDOR_PROJECTS: readonly DemoProject[] = [
  {
    workspace: 'acme',
    name: 'infra',
    display_name: null,
    create_date: '2026-08-14T07:30:00Z',
    createdById: USERS.admin.id,
    default_branch: 'main',
    pipelines: [pipeline(601, 'Provision', 'CLICK', 'SUCCESSFUL', [['Terraform plan', 'BUILD'], ['Terraform apply', 'BUILD']])],
  },
];

export const VENDOR_PROJECT_HISTORIES = { infra: { count: 8, hoursBeforeAnchor: 30, gapHours: 24 } } as const;

export const NAMELESS_TARGET_ID = 'tg-7e55';

/** Target `edge-sftp` (`tg-7e55`): SFTP with an SSH-key login and `name: null`. */
export const VENDOR_TARGETS: readonly DemoTarget[] = [
  {
    workspace: 'acme',
    id: NAMELESS_TARGET_ID,
    identifier: 'edge-sftp',
    name: null,
    type: 'SFTP',
    host: 'edge.example.com',
    port: '22',
    path: '/srv/edge',
    tags: [],
    permissions: { others: 'USE_ONLY', users: [{ id: USERS.admin.id, access_level: 'MANAGE' }] },
    auth: { method: 'SSH_KEY', username: 'edge', key: 'edge-Secret-private-key', passphrase: null },
    all_pipelines_allowed: false,
    allowedPipelineIds: [101],
  },
];

/** A target list item of type MATCH: only `type, identifier, scope` (no id: it cannot be opened). */
export interface MatchTarget {
  workspace: string;
  identifier: string;
  scope: string;
}

export const VENDOR_MATCH_TARGETS: readonly MatchTarget[] = [{ workspace: 'acme', identifier: 'prod-hosts', scope: 'WORKSPACE' }];

/** Variables of the kinds the emulator cannot create; ids follow the default demo variables (6–9). */
export const VENDOR_VARIABLES: readonly DemoVariable[] = [
  {
    workspace: 'acme',
    key: 'NPM_RC',
    value: '//registry.npmjs.org/:_authToken=${NPM_TOKEN}\n',
    type: 'FILE',
    encrypted: false,
    description: 'npm configuration',
    scope: null,
    file_path: '~/.npmrc',
    file_chmod: '600',
    file_place: 'CONTAINER',
  },
  { workspace: 'acme', key: 'RELEASE_SIGNING_KEY', value: '-----BEGIN PGP PRIVATE KEY BLOCK-----\nlQOYBGVtZXN0\n-----END PGP PRIVATE KEY BLOCK-----\n', type: 'GPG_KEY', encrypted: true, description: 'Signs release tags', scope: null },
  { workspace: 'acme', key: 'IOS_DIST_KEYCHAIN', value: 'a2V5Y2hhaW4tYnl0ZXM=', type: 'IOS_KEYCHAIN', encrypted: true, description: 'Distribution certificate', scope: { project: 'mobile-app' } },
  { workspace: 'acme', key: 'IOS_PROFILES', value: 'cHJvZmlsZS1ieXRlcw==', type: 'IOS_PROVISION_PROFILES', encrypted: true, description: '', scope: { project: 'mobile-app' } },
];

/** People who commit but are not members: the vendor answers them with `{name, email}` only. */
export const NON_MEMBERS = [
  { name: 'Nina Outside', email: 'nina@contractor.example.net' },
  { name: 'dependabot[bot]', email: '49699333+dependabot[bot]@users.noreply.example.com' },
] as const;

/** The non-member who authored the commit at this index (newest first), if any: every fourth from index 3. */
export function nonMemberAuthor(index: number): (typeof NON_MEMBERS)[number] | undefined {
  return index % 4 === 3 ? NON_MEMBERS[(index >> 2) % NON_MEMBERS.length] : undefined;
}

/** The non-member who committed the commit at this index, if any: every sixth from index 5. */
export function nonMemberCommitter(index: number): (typeof NON_MEMBERS)[number] | undefined {
  return index % 6 === 5 ? NON_MEMBERS[0] : undefined;
}
