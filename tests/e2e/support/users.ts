/** The accounts the e2e run signs in with; global.setup.ts creates all but the admin over the API. */
export interface E2eUser {
  username: string;
  password: string;
  role: string;
  name: string;
}

export const ADMIN: E2eUser = {
  username: 'admin',
  password: process.env.E2E_ADMIN_PASSWORD ?? 'e2e-Admin-Passw0rd',
  role: 'admin',
  name: 'Administrator',
};

export const USERS = {
  admin: ADMIN,
  manager: { username: 'e2e.manager', password: 'Manager-Passw0rd', role: 'manager', name: 'Maria Manager' },
  operator: {
    username: 'e2e.operator',
    password: 'Operator-Passw0rd',
    role: 'operator',
    name: 'Otto Operator',
  },
  dispo: { username: 'e2e.dispo', password: 'Dispo-Passw0rd', role: 'dispo', name: 'Dora Dispo' },
  viewer: { username: 'e2e.viewer', password: 'Viewer-Passw0rd', role: 'viewer', name: 'Vera Viewer' },
  // Changes its own password in profile.spec.ts; nothing else signs in with it.
  profile: { username: 'e2e.profile', password: 'Profile-Passw0rd', role: 'operator', name: 'Paula Profile' },
} satisfies Record<string, E2eUser>;
