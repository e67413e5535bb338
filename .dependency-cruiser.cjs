/** Layer rules of docs/ARCHITECTURE (imports flow one way). `npm run layers` checks them. */
module.exports = {
  forbidden: [
    {
      name: 'contracts-only-zod',
      comment: 'contracts are shared by server and web: they import only zod and each other',
      severity: 'error',
      from: { path: '^src/contracts/', pathNot: '\\.test\\.ts$' },
      to: { pathNot: ['^src/contracts/', '^node_modules/zod/', '^node_modules/@zod/'] },
    },
    {
      name: 'domain-is-pure',
      comment: 'the domain imports nothing but itself',
      severity: 'error',
      from: { path: '^src/domain/', pathNot: '\\.test\\.ts$' },
      to: { pathNot: '^src/domain/' },
    },
    {
      name: 'web-not-server',
      severity: 'error',
      from: { path: '^src/web/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'server-not-web',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/web/' },
    },
    {
      name: 'no-cross-feature',
      comment: 'a feature never imports another feature; share through components/ or lib/',
      severity: 'error',
      from: { path: '^src/web/features/([^/]+)/' },
      to: { path: '^src/web/features/([^/]+)/', pathNot: '^src/web/features/$1/' },
    },
    {
      name: 'no-foreign-repo',
      comment: "a module never reaches into another module's repo: call its service",
      severity: 'error',
      from: { path: '^src/server/modules/([^/]+)/' },
      to: { path: '^src/server/modules/([^/]+)/.+\\.repo\\.ts$', pathNot: '^src/server/modules/$1/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
