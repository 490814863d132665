/*
 * Preloaded into an e2e server of its own (`node --import`): moves the server's clock forward by
 * E2E_CLOCK_STEP_MS on every SIGUSR2, so a spec can let "ten minutes pass" on the server without
 * waiting for them. Every `new Date()` and `Date.now()` of the server's code reads the moved clock;
 * the HTTP `Date` header (Node's own, internal copy of Date) keeps the real time, like a device clock
 * that was right when the work was done.
 */
const RealDate = Date;
const step = Number(process.env.E2E_CLOCK_STEP_MS ?? 600_000);
let shift = 0;

function ShiftedDate(...args) {
  if (!new.target) return new RealDate(RealDate.now() + shift).toString();
  return args.length === 0 ? new RealDate(RealDate.now() + shift) : Reflect.construct(RealDate, args);
}
ShiftedDate.prototype = RealDate.prototype;
ShiftedDate.now = () => RealDate.now() + shift;
ShiftedDate.parse = RealDate.parse;
ShiftedDate.UTC = RealDate.UTC;
globalThis.Date = ShiftedDate;

process.on('SIGUSR2', () => {
  shift += step;
  console.info(`e2e server clock moved ${shift} ms ahead`);
});
