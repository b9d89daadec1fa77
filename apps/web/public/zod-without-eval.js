// zod, which checks every form and answer against the contract, probes `new Function` when it builds
// its first object schema (at bundle load). Our Content Security Policy forbids eval, and the browser
// reports the blocked probe as a violation. zod reads this global when it loads, before any code of ours
// could call z.config(), so it is set here: a classic script in <head>, ahead of the module bundle.
window.__zod_globalConfig = { jitless: true };
