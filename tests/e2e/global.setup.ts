import { expect, test as setup } from '@playwright/test';
import { apiToken } from './support/app';
import { ADMIN, USERS } from './support/users';

setup('create one account per role through the API', async ({ request }) => {
  const token = await apiToken(request, ADMIN);
  for (const user of Object.values(USERS)) {
    if (user.username === ADMIN.username) continue;
    const response = await request.post('/api/users', {
      headers: { 'x-auth-token': token },
      data: { username: user.username, password: user.password, role: user.role, name: user.name },
    });
    // 409: the account exists from an earlier setup run against the same server.
    expect([200, 201, 409], await response.text()).toContain(response.status());
  }
  const health = await request.get('/api/health');
  expect(health.ok()).toBe(true);
});
