import { describe, it } from 'vitest';
import { FakeServer } from './fake-server';
import { createHarness } from './harness';
import { checkDevicesModel, MODEL_RECORD_FIELDS } from './support/devices-model';

// MODEL_RUNS trades depth for speed (npm run test:quick sets a few runs); unset, the full check runs.
const RUNS = Number(process.env.MODEL_RUNS) || 200;

describe('field-level sync between devices (model-based, in-process protocol model)', () => {
  it('loses no edit, overwrites no untouched field, and converges', async () => {
    await checkDevicesModel(async (devices) => {
      const server = new FakeServer();
      const recordId = 'rec-1';
      server.createAsOther(recordId, MODEL_RECORD_FIELDS);
      const harnesses = Array.from({ length: devices }, (_, i) =>
        createHarness({ server, userId: `u${i + 1}` }),
      );
      return {
        recordId,
        device: (index) => harnesses[index]!,
        row: async () => server.api(server.rows.get(recordId)!),
        // The model server knows every value each write changed, not only the rows sampled between steps.
        introduced: () => server.applied.map((write) => write.introduced),
      };
    }, RUNS);
  }, 120_000);
});
