// The 牌理 page: a hand in (MPSZ text or clicked tiles), the rules, wild kinds or the
// Nanchang indicator (精), melds and seen tiles; out, from POST /v1/analyse: shanten per form,
// the discard table, waits, ukeire, improvements (改良) and the decompositions of a win; with
// a number of draws, each discard's chance to reach tenpai and to win within them (the best
// row marked), and under rules that score (riichi) the expected points of a win; under
// riichi and guobiao, a winning tile picked scores the win (POST /v1/score: yaku, fu and
// points, or fans). Wild tiles are marked wherever a tile is drawn.
// The state lives in the URL (?hand=…&rules=…), so a view can be shared.
"use strict";

const SUITS = "mpsz";
const KINDS = [];
for (const s of SUITS) for (let n = 1; n <= (s === "z" ? 7 : 9); n++) KINDS.push(n + s);
const HONORS = "東南西北白發中";

const TEXT = {
  en: {
    language: "Language", hand: "Hand", back: "⌫", clear: "Clear", rules: "Rules",
    wild: "Wild kinds", jing: "精 indicator", melds: "Declared melds", seen: "Seen tiles",
    notation: "MPSZ: digits 1–9 then m (characters), p (dots), s (bamboo); 1z–7z are East South West North White Green Red.",
    discard: "Discard", shanten: "Shanten", advancing: "Tiles that advance the hand (left)",
    total: "Total", forms: "Shanten per form", waits: "Waits", ukeire: "Tiles that advance the hand",
    improvements: "Improvements (改良): draw → best count after a discard", decompositions: "Decompositions",
    tiles: "tiles", left: "left", win: "Win", tenpai: "tenpai", nshanten: (n) => `${n}-shanten`,
    never: "out of reach", stands: (w, t) => `${w} stands for ${t}`, wildcards: "wildcards",
    main_jing: "正精", side_jing: "副精", best: "best",
    draws: "Odds within", draws_unit: "draws", off: "off", tenpai_pct: "Tenpai %", win_pct: "Win %",
    odds_line: (k, tp, w) => `Within ${k} draws (best play): tenpai ${tp}, win ${w}`,
    odds_best: "best win chance", wild_tile: "wild",
    win_tile: "Winning tile", tsumo: "Tsumo", riichi: "Riichi", seat: "Seat", round: "Round",
    dora: "Dora indicators", winds: ["East", "South", "West", "North"], expected: "Expected points",
    expected_line: (k, e) => `expected points of a win within ${k} draws: ${e}`,
    pick_win: "pick the winning tile to score the win",
    han_fu: (h, f, b) => `${h} han ${f} fu (base ${b})`, yakuman: (n) => `yakuman ×${n}`,
    ron_pays: (n) => `the discarder pays ${n}`, dealer_pays: (n) => `the dealer pays ${n}`,
    others_pay: (n) => `each other player pays ${n}`, each_pays: (n) => `each player pays ${n}`,
    total_pts: (n) => `total ${n}`, fans_total: (n) => `${n} points`,
    meets_min: "reaches the 8-point minimum", below_min: "below the 8-point minimum: may not be claimed",
    room_fans: (n) => `${n} fan${n === 1 ? "" : "s"}`, wild_as: (w, x) => `${w} as ${x}`,
    footer: "Exact answers from hupai's tables; the API is described at",
    review: "Review a game", review_drop: "Drop a game record here (Tenhou JSON or mjlog, mjai, hupai's lines) or choose one:",
    review_seat: "Seat to review", review_all: "all", review_wait: "reviewing…", review_turn: "Turn",
    review_made: "Discard", review_best: "Best", review_tiles: "Tiles left", review_win: "Win % (best)",
    review_points: "Points (best)", review_round: (w, n, h) => `${["E", "S", "W", "N"][w]}${n}-${h}`,
    review_sum: (s) => `${s.rounds} rounds · ${s.decisions} decisions, ${s.agree} as good as the best · mean loss ${s.mean_ukeire_loss.toFixed(2)} tiles, ${(100 * s.mean_win_loss).toFixed(2)}% win · ${s.wins_checked} recorded wins checked, ${s.wins_agree} agree`,
    forms_names: {
      Standard: "melds and a pair", SevenPairs: "seven pairs", ThirteenOrphans: "thirteen orphans",
      Shisanlan: "shisanlan", Qixing: "qixing shisanlan", Quanbukao: "quanbukao",
      QixingBukao: "qixing bukao", KnittedStraight: "knitted straight",
      all_pungs: "all pungs", one_suit: "one suit", one_suit_honors: "one suit and honors",
      all_258: "all 2-5-8", all_honors: "all honors", four_wild: "four wildcards",
    },
  },
  zh: {
    language: "语言", hand: "手牌", back: "⌫", clear: "清空", rules: "规则", wild: "赖子",
    jing: "精（翻精）", melds: "副露", seen: "已见牌",
    notation: "数字 1–9 后接 m（万）、p（筒/饼）、s（条/索）；1z–7z 为 东南西北白发中。",
    discard: "打出", shanten: "向听", advancing: "进张（剩余张数）", total: "合计",
    forms: "各牌型向听", waits: "听牌", ukeire: "进张", improvements: "改良：摸入 → 打出后最多进张",
    decompositions: "拆解", tiles: "张", left: "剩", win: "胡牌", tenpai: "听牌",
    nshanten: (n) => `${n}向听`, never: "不可能", stands: (w, t) => `${w} 当作 ${t}`,
    wildcards: "赖子", main_jing: "正精", side_jing: "副精", best: "最佳",
    draws: "几率：", draws_unit: "摸之内", off: "关", tenpai_pct: "听牌 %", win_pct: "和牌 %",
    odds_line: (k, tp, w) => `${k} 摸之内（最优打法）：听牌 ${tp}，和牌 ${w}`,
    odds_best: "和牌几率最高", wild_tile: "赖子",
    win_tile: "和牌张", tsumo: "自摸", riichi: "立直", seat: "自风", round: "场风",
    dora: "宝牌指示牌", winds: ["东", "南", "西", "北"], expected: "期望得点",
    expected_line: (k, e) => `${k} 摸之内和牌的期望得点：${e}`,
    pick_win: "选择和牌张以计算得点",
    han_fu: (h, f, b) => `${h} 番 ${f} 符（基本点 ${b}）`, yakuman: (n) => `役满 ×${n}`,
    ron_pays: (n) => `放铳者付 ${n}`, dealer_pays: (n) => `庄家付 ${n}`,
    others_pay: (n) => `闲家各付 ${n}`, each_pays: (n) => `各家付 ${n}`,
    total_pts: (n) => `合计 ${n}`, fans_total: (n) => `${n} 番`,
    meets_min: "达到八番起和", below_min: "不足八番：不能和牌",
    room_fans: (n) => `${n} 番`, wild_as: (w, x) => `${w}当${x}`,
    footer: "由 hupai 的表精确计算；接口说明见",
    review: "牌谱复盘", review_drop: "把牌谱文件拖到这里（天凤 JSON 或 mjlog、mjai、hupai 格式），或选择文件：",
    review_seat: "复盘座位", review_all: "全部", review_wait: "复盘中…", review_turn: "巡",
    review_made: "打出", review_best: "最佳", review_tiles: "进张", review_win: "和率%（最佳）",
    review_points: "打点（最佳）", review_round: (w, n, h) => `${"东南西北"[w]}${n}局${h}本场`,
    review_sum: (s) => `${s.rounds} 局 · ${s.decisions} 次打牌，${s.agree} 次与最佳相同 · 平均损失 进张 ${s.mean_ukeire_loss.toFixed(2)}、和率 ${(100 * s.mean_win_loss).toFixed(2)}% · 核对和牌 ${s.wins_checked} 次，一致 ${s.wins_agree} 次`,
    forms_names: {
      Standard: "基本型", SevenPairs: "七对", ThirteenOrphans: "十三幺", Shisanlan: "十三烂",
      Qixing: "七星十三烂", Quanbukao: "全不靠", QixingBukao: "七星不靠", KnittedStraight: "组合龙",
      all_pungs: "碰碰胡", one_suit: "清一色", one_suit_honors: "混一色", all_258: "将将胡",
      all_honors: "全风向", four_wild: "四红中",
    },
  },
  ja: {
    language: "言語", hand: "手牌", back: "⌫", clear: "クリア", rules: "ルール", wild: "ワイルド牌",
    jing: "精（指示牌）", melds: "副露", seen: "見えている牌",
    notation: "数字 1–9 の後に m（萬子）p（筒子）s（索子）；1z–7z は 東南西北白發中。",
    discard: "打牌", shanten: "向聴", advancing: "受け入れ（残り枚数）", total: "合計",
    forms: "手の形ごとの向聴", waits: "待ち", ukeire: "受け入れ",
    improvements: "改良：ツモ → 打牌後の最大受け入れ", decompositions: "面子構成", tiles: "枚", left: "残",
    win: "和了", tenpai: "聴牌", nshanten: (n) => `${n}向聴`, never: "不可能",
    stands: (w, t) => `${w} を ${t} として`, wildcards: "ワイルド", main_jing: "正精",
    side_jing: "副精", best: "最善",
    draws: "確率：", draws_unit: "ツモ以内", off: "なし", tenpai_pct: "聴牌 %", win_pct: "和了 %",
    odds_line: (k, tp, w) => `${k} ツモ以内（最善手順）：聴牌 ${tp}、和了 ${w}`,
    odds_best: "和了率が最も高い", wild_tile: "ワイルド",
    win_tile: "和了牌", tsumo: "ツモ", riichi: "リーチ", seat: "自風", round: "場風",
    dora: "ドラ表示牌", winds: ["東", "南", "西", "北"], expected: "期待打点",
    expected_line: (k, e) => `${k} ツモ以内の和了の期待打点：${e}`,
    pick_win: "和了牌を選ぶと点数を計算します",
    han_fu: (h, f, b) => `${h} 翻 ${f} 符（基本点 ${b}）`, yakuman: (n) => `役満 ×${n}`,
    ron_pays: (n) => `放銃者の支払い ${n}`, dealer_pays: (n) => `親の支払い ${n}`,
    others_pay: (n) => `子の支払い（各） ${n}`, each_pays: (n) => `各自の支払い ${n}`,
    total_pts: (n) => `合計 ${n}`, fans_total: (n) => `${n} 点`,
    meets_min: "八番縛りを満たす", below_min: "八番に足りない：和了できない",
    room_fans: (n) => `${n} 番`, wild_as: (w, x) => `${w}→${x}`,
    footer: "hupai の表による正確な答え。API の説明は",
    review: "牌譜検討", review_drop: "牌譜ファイルをここにドロップ（天鳳 JSON・mjlog、mjai、hupai 形式）、または選択：",
    review_seat: "検討する席", review_all: "全員", review_wait: "検討中…", review_turn: "巡",
    review_made: "打牌", review_best: "最善", review_tiles: "受入", review_win: "和了率%（最善）",
    review_points: "打点（最善）", review_round: (w, n, h) => `${"東南西北"[w]}${n}局${h}本場`,
    review_sum: (s) => `${s.rounds} 局 · 打牌 ${s.decisions} 回、最善と同等 ${s.agree} 回 · 平均損失 受入 ${s.mean_ukeire_loss.toFixed(2)} 枚、和了率 ${(100 * s.mean_win_loss).toFixed(2)}% · 和了 ${s.wins_checked} 件を検証、${s.wins_agree} 件一致`,
    forms_names: {
      Standard: "一般手", SevenPairs: "七対子", ThirteenOrphans: "国士無双", Shisanlan: "十三爛",
      Qixing: "七星十三爛", Quanbukao: "全不靠", QixingBukao: "七星不靠", KnittedStraight: "組合龍",
      all_pungs: "対々和", one_suit: "清一色", one_suit_honors: "混一色", all_258: "将将胡",
      all_honors: "字一色", four_wild: "四紅中",
    },
  },
};

// A worked Nanchang example: 精 1z makes 1z and 2z wild.
const EXAMPLE = { hand: "235599m4456p78s12z", rules: "nanchang", jing: "1z" };

const $ = (id) => document.getElementById(id);
let lang = "en";
let last = null;
let lastScore = null;
const t = (key, ...args) => {
  const v = TEXT[lang][key] ?? TEXT.en[key];
  return typeof v === "function" ? v(...args) : v;
};

// Counts of MPSZ text (null where it is not MPSZ: the server then says why).
function countsOf(text) {
  const c = new Array(34).fill(0);
  let digits = [];
  for (const ch of text.replace(/\s+/g, "")) {
    if (/[0-9]/.test(ch)) digits.push(ch === "0" ? 5 : Number(ch));
    else if (SUITS.includes(ch)) {
      for (const d of digits) {
        const i = KINDS.indexOf(d + ch);
        if (i < 0) return null;
        c[i]++;
      }
      digits = [];
    } else return null;
  }
  return digits.length ? null : c;
}

function textOf(counts) {
  let out = "";
  for (const s of SUITS) {
    let part = "";
    KINDS.forEach((k, i) => { if (k[1] === s) part += k[0].repeat(counts[i]); });
    if (part) out += part + s;
  }
  return out;
}

// The wild kinds of the current view (the rules', the wild field's, the 精 indicator's two):
// every tile drawn of them is marked.
let WILD = new Set();
let presetWild = {};
// What each preset scores: "riichi", "guobiao" or "none" (from /v1/presets).
let presetScoring = { riichi: "riichi", guobiao: "guobiao" };

// A Nanchang indicator's kinds: it and the next in its cycle (1-9 of a suit; the winds
// 1z→2z→3z→4z→1z; the dragons 7z→6z→5z→7z), as the engine reads 精 (rules.rs,
// next_in_cycle; the e2e test compares the marks with the server's answers).
function jingKinds(j) {
  if (!/^[1-9][mps]$|^[1-7]z$/.test(j)) return [];
  const n = Number(j[0]), s = j[1];
  const next = s !== "z" ? (n % 9) + 1 : n <= 4 ? (n % 4) + 1 : n === 5 ? 7 : n - 1;
  return [j, next + s];
}

function wildOf(s) {
  const w = new Set(presetWild[s.rules] || []);
  splitList(s.wild).forEach((k) => w.add(k));
  if (s.jing && !$("jing").disabled) jingKinds(s.jing).forEach((k) => w.add(k));
  return w;
}

// A tile drawn; `wild` marks it as a wildcard (by default when it is of the view's wild kinds).
function tileSvg(tile, wild = WILD.has(tile)) {
  const n = tile[0], s = tile[1];
  const ink = { m: "#b0261c", p: "#1f5fa8", s: "#1d7a35", z: "#1d2330" }[s];
  let face;
  if (s === "z") {
    const ch = HONORS[Number(n) - 1];
    const color = n === "7" ? "#c0211a" : n === "6" ? "#1d7a35" : ink;
    face = n === "5"
      ? `<rect x="7" y="8" width="16" height="24" fill="none" stroke="#1f5fa8" stroke-width="2"/>`
      : `<text x="15" y="27" font-size="19" fill="${color}">${ch}</text>`;
  } else {
    const suit = { m: "萬", p: "筒", s: "索" }[s];
    face = `<text x="15" y="18" font-size="15" font-weight="700" fill="${ink}">${n}</text>` +
      `<text x="15" y="34" font-size="11" fill="${ink}">${suit}</text>`;
  }
  const label = wild ? `${tile} (${t("wild_tile")})` : tile;
  const badge = wild ? `<circle class="badge" cx="25" cy="6" r="4.5"/><text x="25" y="8.6" font-size="7" fill="#fff">★</text>` : "";
  return `<svg class="tile${wild ? " wild" : ""}" viewBox="0 0 30 40" data-tile="${tile}" role="img" aria-label="${label}">` +
    `<title>${label}</title><rect class="face" x="1" y="1" width="28" height="38" rx="4" fill="#fffdf5" stroke="#9aa1ad"/>` +
    `<g text-anchor="middle" font-family="'Noto Serif CJK SC','Noto Sans CJK SC','hupai CJK',serif">${face}${badge}</g></svg>`;
}

const tilesHtml = (list) => `<span class="tiles">${list.map((x) => tileSvg(x)).join("")}</span>`;
const shantenWords = (s) => (s === -1 ? t("win") : s === 0 ? t("tenpai") : t("nshanten", s));
const splitList = (v) => v.split(/[,\s]+/).filter(Boolean);

function state() {
  return {
    hand: $("hand").value.trim(), rules: $("rules").value || "chinese",
    wild: $("wild").value.trim(), jing: $("jing").value.trim(),
    melds: $("melds").value.trim(), seen: $("seen").value.trim(), draws: $("draws").value, lang,
    win: $("win").value, tsumo: $("tsumo").checked ? "1" : "", riichi: $("riichi").checked ? "1" : "",
    seat: $("seat").value, round: $("round").value, dora: $("dora").value.trim(),
  };
}

function saveUrl(s) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(s)) if (v) q.set(k, v);
  history.replaceState(null, "", "?" + q.toString());
}

// Copies of each kind still unseen: 4 less the hand, the melds and the seen tiles.
function leftCounts(s) {
  const left = new Array(34).fill(4);
  const take = (text) => { const c = countsOf(text) || []; c.forEach((n, i) => { left[i] -= n; }); };
  take(s.hand);
  splitList(s.melds).forEach(take);
  take(s.seen);
  return left;
}

function advancing(tiles, left) {
  return `<span class="tiles">${tiles.map((k) =>
    `<span class="tile-left">${tileSvg(k)}<span data-left="${k}">${Math.max(0, left[KINDS.indexOf(k)])}</span></span>`).join("")}</span>`;
}

let timer = null;
function schedule() {
  clearTimeout(timer);
  timer = setTimeout(analyse, 120);
}

async function analyse() {
  const s = state();
  saveUrl(s);
  const view = { hand: $("hand-view"), summary: $("summary"), error: $("error") };
  WILD = wildOf(s);
  winChoices(s);
  view.hand.innerHTML = tilesHtml(KINDS.flatMap((k, i) => Array((countsOf(s.hand) || [])[i] || 0).fill(k)));
  const scoring = presetScoring[s.rules] || "none";
  $("score-controls").hidden = scoring === "none";
  for (const el of document.querySelectorAll(".riichi-only")) el.hidden = scoring !== "riichi";
  if (!s.hand) { render(null, s); return; }
  const req = { hand: s.hand, rules: s.rules, forms: true, improvements: true, decompositions: true };
  if (s.wild) req.wild = splitList(s.wild);
  if (s.jing && !$("jing").disabled) req.jing = s.jing;
  if (s.melds) req.melds = splitList(s.melds);
  if (s.seen) req.seen = s.seen;
  if (Number(s.draws) > 0) {
    req.odds = { draws: Number(s.draws) };
    // Under riichi scoring the odds carry the expected points of a win (every win a tsumo).
    if (scoring === "riichi") req.odds.score = situation(s);
  }
  const post = async (path, payload) => {
    try {
      const r = await fetch(path, {
        method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(payload),
      });
      return await r.json();
    } catch (e) {
      return { error: String(e) };
    }
  };
  const body = await post("/v1/analyse", req);
  // A complete hand with its winning tile picked, under rules that score: its score.
  let score = null;
  if (scoring !== "none" && s.win && body && !body.error && body.tiles % 3 === 2) {
    score = await post("/v1/score", {
      hand: s.hand, rules: s.rules, calls: splitList(s.melds), win: s.win, tsumo: !!s.tsumo,
      ...situation(s),
    });
  }
  if (JSON.stringify(state()) !== JSON.stringify(s)) return; // a newer request is on its way
  render(body, s, score);
}

// The situation of a win as the score and odds objects take it (riichi and dora only under
// riichi scoring).
function situation(s) {
  const out = { seat: s.seat || "2z", round: s.round || "1z" };
  if ((presetScoring[s.rules] || "none") === "riichi") {
    out.riichi = !!s.riichi;
    if (s.dora) out.dora = s.dora;
  }
  return out;
}

// The winning tile's choices: the kinds in the hand (the last choice kept while it is held).
function winChoices(s) {
  const c = countsOf(s.hand) || [];
  const kinds = KINDS.filter((k, i) => c[i] > 0);
  const keep = kinds.includes(s.win) ? s.win : "";
  $("win").innerHTML = `<option value="">–</option>` + kinds.map((k) => `<option value="${k}">${k}</option>`).join("");
  $("win").value = keep;
}

function render(a, s, score) {
  last = a;
  lastScore = score;
  const error = $("error");
  error.hidden = !(a && a.error);
  if (a && a.error) error.textContent = a.error + "\n" + t("notation");
  const ok = a && !a.error;
  $("summary").innerHTML = ok
    ? `<span data-tiles="${a.tiles}" data-shanten="${a.shanten}" class="${a.win ? "win" : ""}">` +
      `${a.tiles} ${t("tiles")} · ${shantenWords(a.shanten)}</span>`
    : "";
  $("forms").innerHTML = ok && a.forms
    ? `<h2>${t("forms")}</h2><div class="forms">${Object.entries(a.forms).map(([f, v]) =>
        `<span data-form="${f}">${t("forms_names")[f] || f}: <b>${v === null ? t("never") : shantenWords(v)}</b></span>`).join("")}</div>`
    : "";
  const left = leftCounts(s);
  $("waits").innerHTML = ok && a.waits && a.waits.length
    ? `<h2>${t("waits")}</h2>${advancing(a.waits, left)}` : "";
  $("advance").innerHTML = ok && a.ukeire
    ? `<h2>${t("ukeire")}: <span id="ukeire-count" data-count="${a.ukeire_count}">${a.ukeire_count}</span></h2>${advancing(a.ukeire, left)}`
    : "";
  $("improvements").innerHTML = ok && a.improvements && a.improvements.length
    ? `<h2>${t("improvements")}</h2><span class="tiles">${a.improvements.map((i) =>
        `<span class="tile-left">${tileSvg(i.tile)}<span>${i.count}</span></span>`).join("")}</span>`
    : "";
  const odds = ok && a.odds && !a.odds.error ? a.odds : null;
  const pct = (v) => (v === undefined ? "–" : (100 * v).toFixed(2));
  const at = (list) => (odds && list && list.length ? list[odds.draws - 1] : undefined);
  $("odds").innerHTML = !ok || !a.odds ? ""
    : a.odds.error ? `<span class="note" data-odds-error>${a.odds.error}</span>`
    : a.discards ? `<span class="note" data-draws="${odds.draws}">${t("odds_best")}: ${odds.best ? tileSvg(odds.best) : "–"}</span>`
    : `<span data-draws="${odds.draws}" data-tenpai="${at(odds.tenpai)}" data-win="${at(odds.win)}">` +
      `${t("odds_line", odds.draws, pct(at(odds.tenpai)) + "%", pct(at(odds.win)) + "%")}</span>`;
  if (odds && odds.expected && !a.discards) {
    $("odds").insertAdjacentHTML("beforeend", `<br><span data-expected="${at(odds.expected)}">${t("expected_line", odds.draws, Math.round(at(odds.expected)))}</span>`);
  }
  $("score").innerHTML = scoreHtml(a, s, score);
  const table = $("discards");
  table.hidden = !(ok && a.discards);
  table.classList.toggle("with-odds", !!odds);
  table.classList.toggle("with-expected", !!(odds && odds.expected));
  if (ok && a.discards) {
    const best = a.discards[0];
    const rowOf = (tile) => (odds ? odds.rows.find((r) => r.tile === tile) : null);
    table.querySelector("tbody").innerHTML = a.discards.map((d) => {
      // With odds, the best discard is the one with the best win chance; else the fewest
      // shanten and the most tiles.
      const isBest = odds ? d.tile === odds.best : d.shanten === best.shanten && d.ukeire_count === best.ukeire_count;
      const r = rowOf(d.tile);
      const expected = at(r && r.expected);
      const chances = odds
        ? `<td class="pct" data-tenpai="${at(r && r.tenpai)}">${pct(at(r && r.tenpai))}</td>` +
          `<td class="pct" data-win="${at(r && r.win)}">${pct(at(r && r.win))}</td>` +
          (odds.expected ? `<td class="pct exp" data-expected="${expected}">${expected === undefined ? "–" : Math.round(expected)}</td>` : "")
        : "";
      return `<tr data-tile="${d.tile}" data-shanten="${d.shanten}" data-count="${d.ukeire_count}" class="${isBest ? "best" : ""}" title="${isBest ? t(odds ? "odds_best" : "best") : ""}">` +
        `<td>${tileSvg(d.tile)}</td><td>${shantenWords(d.shanten)}</td>` +
        `<td>${advancing(d.ukeire, left)}</td><td class="num">${d.ukeire_count}</td>${chances}</tr>`;
    }).join("");
  }
  $("decompositions").innerHTML = ok && a.decompositions && a.decompositions.length
    ? `<h2>${t("decompositions")}</h2>` + a.decompositions.map((d) => {
        const roles = d.sets.flatMap((set) => set.wildcards.map((w) => t("stands", jingName(w.tile, s), w.as)));
        const sets = d.sets.map((set) => `<span class="set${set.declared ? " declared" : ""}">${set.tiles.map((x) => tileSvg(x)).join("")}</span>`).join("");
        const pats = (d.patterns || []).map((p) => t("forms_names")[p] || p).join(" · ");
        return `<div class="decomposition" data-form="${d.form}">${sets}<span class="role">${roles.join("; ")}${pats ? " · " + pats : ""}</span></div>`;
      }).join("")
    : "";
}

// The score of the win: riichi's yaku, han, fu and payments, MCR's fans and total, or a
// regional room's fans, wildcards and payment; a refusal says why (no yaku, not a win and its shanten, an impossible situation).
function scoreHtml(a, s, score) {
  if ((presetScoring[s.rules] || "none") === "none" || !a || a.error || a.tiles % 3 !== 2) return "";
  if (!score) return `<p class="hint">${t("pick_win")}</p>`;
  if (score.error) return `<p class="refused" data-score-error="${score.reason || ""}">${score.error}</p>`;
  const name = (x) => (lang === "zh" ? x.chinese : lang === "ja" ? x.japanese : x.name) || x.name;
  if (score.uncapped !== undefined) {
    // A regional room: its fans, what each wildcard stood for, each payer's share.
    const rows = score.fans.map((f) =>
      `<tr data-fan="${f.fan}"><td>${name(f)}</td><td class="num">${f.fans}${f.count > 1 ? " ×" + f.count : ""}</td></tr>`).join("");
    const wild = (score.wildcards || []).map((w) => t("wild_as", w.wildcard, w.stood_for)).join(", ");
    const pays = score.payers > 1 ? t("each_pays", score.each) : t("ron_pays", score.each);
    return `<table><tbody>${rows}</tbody></table>` + (wild ? `<p class="role" data-wildcards>${wild}</p>` : "") +
      `<p class="sum" data-paid="${score.fan}" data-total="${score.total}">${t("room_fans", score.fan)} · ${pays} — ${t("total_pts", score.total)}</p>`;
  }
  if (score.fans) {
    const rows = score.fans.map((f) =>
      `<tr data-fan="${f.fan}"><td>${name(f)}</td><td class="num">${f.points}${f.count > 1 ? " ×" + f.count : ""}</td></tr>`).join("");
    return `<table><tbody>${rows}</tbody></table>` +
      `<p class="sum" data-total="${score.total}">${t("fans_total", score.total)} — ${score.meets_minimum ? t("meets_min") : t("below_min")}</p>`;
  }
  const rows = score.yaku.map((y) =>
    `<tr data-yaku="${y.yaku}"><td>${name(y)}</td><td class="num">${y.han}</td></tr>`).join("");
  const p = score.payment;
  const pays = p.ron !== undefined ? t("ron_pays", p.ron)
    : p.dealer ? `${t("dealer_pays", p.dealer)}, ${t("others_pay", p.non_dealer)}` : t("each_pays", p.non_dealer);
  const head = score.yakuman ? t("yakuman", score.yakuman) : t("han_fu", score.han, score.fu, score.base);
  return `<table><tbody>${rows}</tbody></table>` +
    `<p class="sum" data-han="${score.han}" data-fu="${score.fu}" data-total="${score.total}">${head} · ${pays} — ${t("total_pts", score.total)}</p>`;
}

// A wild tile's name: under a Nanchang indicator, 正精 (the indicator) or 副精 (the next).
function jingName(tile, s) {
  if (!s.jing) return tile;
  return tile === s.jing ? `${t("main_jing")} ${tile}` : `${t("side_jing")} ${tile}`;
}

function applyLang() {
  document.documentElement.lang = lang;
  $("lang").value = lang;
  for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  const winds = ["1z", "2z", "3z", "4z"];
  for (const id of ["seat", "round"]) {
    const keep = $(id).value || (id === "seat" ? "2z" : "1z");
    $(id).innerHTML = winds.map((w, i) => `<option value="${w}">${t("winds")[i]}</option>`).join("");
    $(id).value = keep;
  }
  if (last !== undefined) render(last, state(), lastScore);
  if (typeof renderReview === "function") renderReview();
  if (typeof tableLang === "function") tableLang();
}

function addTile(k) {
  const c = countsOf($("hand").value) || new Array(34).fill(0);
  const i = KINDS.indexOf(k);
  if (c[i] >= 4 || c.reduce((x, y) => x + y, 0) >= 14) return;
  c[i]++;
  $("hand").value = textOf(c);
  schedule();
}

async function init() {
  const q = new URLSearchParams(location.search);
  const browser = (navigator.language || "en").slice(0, 2);
  lang = TEXT[q.get("lang")] ? q.get("lang") : TEXT[browser] ? browser : "en";
  const palette = $("palette");
  for (const s of SUITS) {
    const row = KINDS.filter((k) => k[1] === s).map((k) => `<button type="button" data-add="${k}" title="${k}">${tileSvg(k)}</button>`).join("");
    palette.insertAdjacentHTML("beforeend", s === "z" ? `<div class="honors">${row}</div>` : row);
  }
  palette.addEventListener("click", (e) => { const b = e.target.closest("[data-add]"); if (b) addTile(b.dataset.add); });
  let presets = ["riichi", "chinese", "nanchang", "sichuan", "hongzhong", "changsha", "guobiao"];
  let playsJing = new Set(["nanchang"]);
  try {
    const list = (await (await fetch("/v1/presets")).json()).presets;
    presets = list.map((p) => p.name);
    playsJing = new Set(list.filter((p) => p.switches.jing).map((p) => p.name));
    presetWild = Object.fromEntries(list.map((p) => [p.name, p.switches.wild || []]));
    presetScoring = Object.fromEntries(list.map((p) => [p.name, p.switches.scoring || "none"]));
  } catch (e) { /* the lists above */ }
  // 精 only where the rules play it (the API refuses it elsewhere): greyed out, not sent.
  const jingInPlay = () => { $("jing").disabled = !playsJing.has($("rules").value); };
  $("rules").innerHTML = presets.map((p) => `<option value="${p}">${p}</option>`).join("");
  const start = q.has("hand") ? Object.fromEntries(q) : EXAMPLE;
  $("hand").value = start.hand || "";
  $("rules").value = start.rules || "chinese";
  for (const k of ["wild", "jing", "melds", "seen"]) $(k).value = start[k] || "";
  $("draws").value = start.draws || "17";
  for (const k of ["hand", "wild", "jing", "melds", "seen", "dora"]) $(k).addEventListener("input", schedule);
  applyLang(); // the wind selectors' names
  $("dora").value = start.dora || "";
  $("seat").value = start.seat || "2z";
  $("round").value = start.round || "1z";
  $("tsumo").checked = !!start.tsumo;
  $("riichi").checked = !!start.riichi;
  winChoices({ hand: start.hand || "", win: start.win || "" });
  for (const k of ["win", "seat", "round", "tsumo", "riichi"]) $(k).addEventListener("change", schedule);
  jingInPlay();
  $("rules").addEventListener("change", () => { jingInPlay(); schedule(); });
  $("draws").addEventListener("change", schedule);
  $("lang").addEventListener("change", () => { lang = $("lang").value; applyLang(); saveUrl(state()); });
  $("back").addEventListener("click", () => {
    const c = countsOf($("hand").value);
    if (!c) return;
    const i = c.findLastIndex((n) => n > 0);
    if (i >= 0) c[i]--;
    $("hand").value = textOf(c);
    schedule();
  });
  $("clear").addEventListener("click", () => { $("hand").value = ""; schedule(); });
  $("discards").addEventListener("click", (e) => {
    const row = e.target.closest("tr[data-tile]");
    if (!row) return;
    const c = countsOf($("hand").value);
    if (!c) return;
    c[KINDS.indexOf(row.dataset.tile)]--;
    $("hand").value = textOf(c);
    schedule();
  });
  applyLang();
  await analyse();
}

init();
