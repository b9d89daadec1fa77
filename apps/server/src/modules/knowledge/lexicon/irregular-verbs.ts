/**
 * English irregular verb forms and their base form: the search's English stemmer (Snowball) makes "built"
 * "built", not "build", so a customer's "Which engine was it built into?" would miss a manual's "build". The
 * common irregular verbs of English grammars (past tense and past participle).
 */
const FORMS: Record<string, string> = {
  arose: 'arise', arisen: 'arise', awoke: 'awake', awoken: 'awake', was: 'be', were: 'be', been: 'be', bore: 'bear', borne: 'bear',
  beat: 'beat', beaten: 'beat', became: 'become', began: 'begin', begun: 'begin', bent: 'bend', bet: 'bet', bound: 'bind', bit: 'bite',
  bitten: 'bite', bled: 'bleed', blew: 'blow', blown: 'blow', broke: 'break', broken: 'break', bred: 'breed', brought: 'bring',
  broadcast: 'broadcast', built: 'build', burnt: 'burn', burst: 'burst', bought: 'buy', caught: 'catch', chose: 'choose', chosen: 'choose',
  clung: 'cling', came: 'come', cost: 'cost', crept: 'creep', cut: 'cut', dealt: 'deal', dug: 'dig', did: 'do', done: 'do', drew: 'draw',
  drawn: 'draw', dreamt: 'dream', drank: 'drink', drunk: 'drink', drove: 'drive', driven: 'drive', ate: 'eat', eaten: 'eat', fell: 'fall',
  fallen: 'fall', fed: 'feed', felt: 'feel', fought: 'fight', found: 'find', fled: 'flee', flung: 'fling', flew: 'fly', flown: 'fly',
  forbade: 'forbid', forbidden: 'forbid', forgot: 'forget', forgotten: 'forget', forgave: 'forgive', forgiven: 'forgive', froze: 'freeze',
  frozen: 'freeze', got: 'get', gotten: 'get', gave: 'give', given: 'give', went: 'go', gone: 'go', ground: 'grind', grew: 'grow',
  grown: 'grow', hung: 'hang', had: 'have', heard: 'hear', hid: 'hide', hidden: 'hide', hit: 'hit', held: 'hold', hurt: 'hurt', kept: 'keep',
  knew: 'know', known: 'know', laid: 'lay', led: 'lead', leant: 'lean', leapt: 'leap', learnt: 'learn', left: 'leave', lent: 'lend',
  let: 'let', lay: 'lie', lain: 'lie', lit: 'light', lost: 'lose', made: 'make', meant: 'mean', met: 'meet', mistook: 'mistake',
  mistaken: 'mistake', overcame: 'overcome', overran: 'overrun', overrode: 'override', overridden: 'override', overwrote: 'overwrite',
  overwritten: 'overwrite', paid: 'pay', proved: 'prove', proven: 'prove', put: 'put', quit: 'quit', read: 'read', rebuilt: 'rebuild',
  redid: 'redo', redone: 'redo', rewrote: 'rewrite', rewritten: 'rewrite', rid: 'rid', rode: 'ride', ridden: 'ride', rang: 'ring',
  rung: 'ring', rose: 'rise', risen: 'rise', ran: 'run', said: 'say', saw: 'see', seen: 'see', sought: 'seek', sold: 'sell', sent: 'send',
  set: 'set', shook: 'shake', shaken: 'shake', shed: 'shed', shone: 'shine', shot: 'shoot', showed: 'show', shown: 'show', shrank: 'shrink',
  shrunk: 'shrink', shut: 'shut', sang: 'sing', sung: 'sing', sank: 'sink', sunk: 'sink', sat: 'sit', slept: 'sleep', slid: 'slide',
  spoke: 'speak', spoken: 'speak', sped: 'speed', spent: 'spend', spun: 'spin', split: 'split', spread: 'spread', sprang: 'spring',
  sprung: 'spring', stood: 'stand', stole: 'steal', stolen: 'steal', stuck: 'stick', stung: 'sting', struck: 'strike', strove: 'strive',
  striven: 'strive', swore: 'swear', sworn: 'swear', swept: 'sweep', swam: 'swim', swum: 'swim', swung: 'swing', took: 'take', taken: 'take',
  taught: 'teach', tore: 'tear', torn: 'tear', told: 'tell', thought: 'think', threw: 'throw', thrown: 'throw', understood: 'understand',
  undid: 'undo', undone: 'undo', upset: 'upset', woke: 'wake', woken: 'wake', wore: 'wear', worn: 'wear', wove: 'weave', woven: 'weave',
  wept: 'weep', won: 'win', wound: 'wind', withdrew: 'withdraw', withdrawn: 'withdraw', wrote: 'write', written: 'write',
};

/** The base form of an irregular verb form ("built" → "build"), or undefined. */
export const baseFormOf = (word: string): string | undefined => FORMS[word.toLowerCase()];
