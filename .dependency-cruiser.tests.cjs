/**
 * The rules of .dependency-cruiser.cjs on sources AND tests (apps/server/test, every *.test.ts[x]),
 * except the capability-folder cycles: a test beside a source imports the test harness, which
 * imports the whole app, so any folder would look circular through its tests. File cycles, layers
 * and the packages' purity hold for tests too.
 */
const base = require('./.dependency-cruiser.cjs');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: base.forbidden.filter((rule) => rule.name !== 'no-circular-features'),
  options: {
    ...base.options,
    exclude: { path: ['node_modules', '/dist/'] },
  },
};
