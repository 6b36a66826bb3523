// A game against the built-in players on the page: POST /v1/game (riichi) or /v1/room (a
// Chinese room: Sichuan, 红中, 长沙, Guobiao, 南昌) with the seed and the player's moves so far
// (the server keeps nothing: it plays the game again to the player's next decision), and the
// table as seat 0 sees it — every river and call, the dora or the 精 and the void suits, the
// points, the player's hand (a tile clicked is discarded, or given at 换三张) and its other
// actions as buttons. It shares app.js's globals (t, TEXT, tileSvg, $, lang).

// The rules a game is played by: riichi, then the rooms (`/v1/room`'s names).
const PLAY_RULES = ["riichi", "sichuan", "hongzhong", "changsha", "guobiao", "nanchang"];
// The rooms' players (the odds player plays riichi alone).
const ROOM_AGENTS = ["ukeire", "random"];

Object.assign(TEXT.en, {
  play: "Play a game", play_new: "New game", play_agents: "Opponents",
  play_agent_names: { ukeire: "efficiency", odds: "odds", random: "random" },
  play_round: (wind, n, honba) => `${wind} ${n}` + (honba ? `, ${honba} honba` : ""),
  play_left: (n) => `${n} tiles left`, play_sticks: (n) => `${n} riichi sticks`,
  play_seats: ["You", "Right", "Across", "Left"], play_your_turn: "Your turn: click a tile to discard.",
  play_claim: "A discard you may call:", play_dealer: "dealer",
  play_actions: { riichi: "Riichi", chi: "Chi", pon: "Pon", kan: "Kan", ankan: "Closed kan", kakan: "Added kan",
    tsumo: "Tsumo", ron: "Ron", pass: "Pass", kyuushu: "Nine terminals" },
  play_win: (who, how) => `${who} win${who === "You" ? "" : "s"} by ${how}`,
  play_draw: "Draw", play_over: "Game over", play_place: (n) => ["1st", "2nd", "3rd", "4th"][n],
  play_rules: "Rules", play_rule_names: { riichi: "Riichi", sichuan: "Sichuan 血战到底", hongzhong: "红中麻将",
    changsha: "Changsha 长沙麻将", guobiao: "Guobiao (MCR)", nanchang: "Nanchang 南昌麻将" },
  play_hand: (n) => `Hand ${n}`, play_jing: "精", play_void: "void", play_won: "won",
  play_suits: { m: "characters (m)", p: "dots (p)", s: "bamboo (s)" },
  play_room_actions: { void: "Void", pon: "Pon", kong: "Kong", "closed kong": "Closed kong", "added kong": "Added kong",
    chi: "Chi", win: "Win", pass: "Pass", take: "Take the last tile", open_kong: "Open the kong" },
  play_room_win: (who, from) => `${who} win${who === "You" ? "" : "s"}` + (from === null ? " self-drawn" : ` on ${from}'s tile`),
  play_hand_end: "Hand over", play_give: "換三張: click three tiles of one suit to pass.",
});
Object.assign(TEXT.zh, {
  play: "对局", play_new: "新对局", play_agents: "对手",
  play_agent_names: { ukeire: "牌效", odds: "胜率", random: "随机" },
  play_round: (wind, n, honba) => `${wind}${n}局` + (honba ? ` ${honba}本场` : ""),
  play_left: (n) => `余牌 ${n}`, play_sticks: (n) => `立直棒 ${n}`,
  play_seats: ["你", "下家", "对家", "上家"], play_your_turn: "轮到你：点一张牌打出。",
  play_claim: "可以鸣牌：", play_dealer: "庄家",
  play_actions: { riichi: "立直", chi: "吃", pon: "碰", kan: "杠", ankan: "暗杠", kakan: "加杠",
    tsumo: "自摸", ron: "荣和", pass: "过", kyuushu: "九种九牌" },
  play_win: (who, how) => `${who}${how}和牌`,
  play_draw: "流局", play_over: "对局结束", play_place: (n) => `第${n + 1}名`,
  play_rules: "规则", play_rule_names: { riichi: "立直麻将", sichuan: "四川血战到底", hongzhong: "红中麻将",
    changsha: "长沙麻将", guobiao: "国标麻将", nanchang: "南昌麻将" },
  play_hand: (n) => `第${n}局`, play_jing: "精", play_void: "缺", play_won: "已胡",
  play_suits: { m: "万", p: "筒", s: "条" },
  play_room_actions: { void: "定缺", pon: "碰", kong: "杠", "closed kong": "暗杠", "added kong": "补杠",
    chi: "吃", win: "胡", pass: "过", take: "要海底", open_kong: "开杠" },
  play_room_win: (who, from) => `${who}` + (from === null ? "自摸" : `胡${from}的牌`),
  play_hand_end: "本局结束", play_give: "换三张：点三张同一门的牌。",
});
Object.assign(TEXT.ja, {
  play: "対局", play_new: "新しい対局", play_agents: "相手",
  play_agent_names: { ukeire: "牌効率", odds: "和了率", random: "ランダム" },
  play_round: (wind, n, honba) => `${wind}${n}局` + (honba ? ` ${honba}本場` : ""),
  play_left: (n) => `残り ${n}`, play_sticks: (n) => `供託 ${n}`,
  play_seats: ["あなた", "下家", "対面", "上家"], play_your_turn: "あなたの番：牌をクリックして打牌。",
  play_claim: "鳴ける捨て牌：", play_dealer: "親",
  play_actions: { riichi: "リーチ", chi: "チー", pon: "ポン", kan: "カン", ankan: "暗槓", kakan: "加槓",
    tsumo: "ツモ", ron: "ロン", pass: "スキップ", kyuushu: "九種九牌" },
  play_win: (who, how) => `${who}の${how}和了`,
  play_draw: "流局", play_over: "対局終了", play_place: (n) => `${n + 1}位`,
  play_rules: "ルール", play_rule_names: { riichi: "リーチ麻雀", sichuan: "四川 血戦到底", hongzhong: "紅中麻将",
    changsha: "長沙麻将", guobiao: "国標麻将", nanchang: "南昌麻将" },
  play_hand: (n) => `第${n}局`, play_jing: "精", play_void: "欠", play_won: "和了",
  play_suits: { m: "萬子", p: "筒子", s: "索子" },
  play_room_actions: { void: "欠門", pon: "ポン", kong: "カン", "closed kong": "暗槓", "added kong": "加槓",
    chi: "チー", win: "和了", pass: "スキップ", take: "海底を取る", open_kong: "カンを開く" },
  play_room_win: (who, from) => `${who}の` + (from === null ? "ツモ和了" : `${from}からの和了`),
  play_hand_end: "局終了", play_give: "換三張：同じ色の牌を3枚クリック。",
});

let played = null; // { rules, seed, agents, moves, table }

// A tile as the table names it (`0m` a red five), drawn.
function tableTile(name, extra = "") {
  const red = name[0] === "0";
  // Riichi has no wildcards: the analysis's wild kinds are not marked here.
  const svg = tileSvg(red ? "5" + name[1] : name, false);
  return svg.replace('class="tile', `class="tile${red ? " red" : ""}${extra}`);
}

let playing = false; // a move in flight: clicks wait for its answer

async function playMove(move) {
  if (playing) return;
  playing = true;
  const moves = move === undefined ? played.moves : [...played.moves, move];
  $("play-error").hidden = true;
  try {
    const riichi = played.rules === "riichi";
    const body = { seed: played.seed, agents: played.agents, moves };
    const res = await fetch(riichi ? "/v1/game" : "/v1/room", {
      method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify(riichi ? body : { rules: played.rules, ...body }),
    });
    const answer = await res.json();
    if (!res.ok) throw new Error(answer.error || res.statusText);
    played.moves = moves;
    played.table = answer;
  } catch (e) {
    $("play-error").textContent = String(e.message || e);
    $("play-error").hidden = false;
  }
  playing = false;
  renderTable();
}

function newGame() {
  played = {
    rules: $("play-rules").value, seed: Math.floor(Math.random() * 2 ** 31),
    agents: $("play-agents").value, moves: [], table: null,
  };
  playMove();
}

// A legal action's words: a discard is the hand's click; the rest buttons.
function actionWords(name) {
  if (name === "open kong") return { label: words.open_kong, tile: null };
  const [word, arg] = name.split(" ");
  const words = t("play_actions");
  if (word === "riichi") return { label: words.riichi, tile: arg };
  if (word === "ankan" || word === "kakan") return { label: words[word], tile: arg };
  return { label: words[word] || name, tile: null };
}

// The last events' news: wins (who, how, the points) and draws.
function newsOf(events) {
  const who = (s) => t("play_seats")[s];
  return events.map((e) => {
    if (e.type === "hora") {
      const how = e.actor === e.target ? t("play_actions").tsumo : t("play_actions").ron;
      const deltas = (e.deltas || []).map((d, s) => `${who(s)} ${d > 0 ? "+" : ""}${d}`).join(" · ");
      return `${t("play_win", who(e.actor), how)} (${deltas})`;
    }
    if (e.type === "ryukyoku") {
      const deltas = (e.deltas || []).map((d, s) => `${who(s)} ${d > 0 ? "+" : ""}${d}`).join(" · ");
      return `${t("play_draw")} (${deltas})`;
    }
    return null;
  }).filter(Boolean);
}

function renderTable() {
  const view = $("play-table");
  if (!played || !played.table) { view.innerHTML = ""; return; }
  if (played.rules !== "riichi") { renderRoom(view, played.table); return; }
  const g = played.table;
  const winds = t("winds");
  const head = `<p class="play-head" data-round="${g.round}">` +
    `${t("play_round", winds[Math.floor(g.round / 4)], (g.round % 4) + 1, g.honba)} · ` +
    `<span data-left="${g.tiles_left}">${t("play_left", g.tiles_left)}</span> · ${t("play_sticks", g.sticks)} · ` +
    `${t("dora")} <span class="tiles">${g.dora.map((d) => tableTile(d)).join("")}</span></p>`;
  const seats = [0, 1, 2, 3].map((s) => {
    const river = g.rivers[s].map((r) => tableTile(r.tile, r.called ? " called" : "")).join("");
    const calls = g.calls[s].map((c) => `<span class="set">${c.tiles.map((x) => tableTile(x)).join("")}</span>`).join("");
    const mark = (g.dealer === s ? ` (${t("play_dealer")})` : "") + (g.riichi[s] ? ` · ${t("play_actions").riichi}` : "");
    return `<div class="play-seat" data-seat="${s}"><b>${t("play_seats")[s]}</b>${mark} · ` +
      `<span data-score="${g.scores[s]}">${g.scores[s]}</span>` +
      `<div class="tiles river" data-river="${g.rivers[s].length}">${river}</div><div class="tiles">${calls}</div></div>`;
  }).join("");
  const discards = new Map(); // tile name → action
  const buttons = [];
  for (const a of g.legal) {
    if (a.name.startsWith("discard ")) discards.set(a.name.slice(8), a.action);
    else {
      const w = actionWords(a.name);
      buttons.push(`<button type="button" data-action="${a.action}">${w.label}${w.tile ? " " + tableTile(w.tile) : ""}</button>`);
    }
  }
  const handTile = (name, extra) => discards.has(name)
    ? `<button type="button" class="play-tile" data-action="${discards.get(name)}" title="${name}">${tableTile(name, extra)}</button>`
    : tableTile(name, extra);
  const hand = `<div class="tiles big play-hand" data-hand="${g.hand.join("")}">${g.hand.map((h) => handTile(h, "")).join("")}` +
    (g.drawn ? `<span class="play-drawn">${handTile(g.drawn, " drawn")}</span>` : "") + "</div>";
  let prompt = "";
  if (g.over) {
    prompt = `<p class="play-over"><b>${t("play_over")}</b>: ` +
      g.ranks.map((s, n) => `${t("play_place", n)} ${t("play_seats")[s]} ${g.scores[s]} (${g.results[s] > 0 ? "+" : ""}${g.results[s].toFixed(1)})`).join(" · ") + "</p>";
  } else if (discards.size) prompt = `<p>${t("play_your_turn")}</p>`;
  else if (buttons.length) prompt = `<p>${t("play_claim")}</p>`;
  const news = newsOf(g.events).map((n) => `<li>${n}</li>`).join("");
  view.innerHTML = head + `<div class="play-seats">${seats}</div>` + hand + prompt +
    `<div class="play-actions">${buttons.join("")}</div>` + (news ? `<ul class="play-news">${news}</ul>` : "");
}

// A room action's words (`/v1/room`'s names): a discard (or 换三张's give) is the hand's
// click; the rest buttons.
function roomActionWords(name) {
  const words = t("play_room_actions");
  for (const w of ["closed kong", "added kong"]) {
    if (name.startsWith(w + " ")) return { label: words[w], tile: name.slice(w.length + 1) };
  }
  if (name === "open kong") return { label: words.open_kong, tile: null };
  const [word, arg] = name.split(" ");
  if (word === "void") return { label: `${words.void} ${t("play_suits")[arg] || arg}`, tile: null };
  if (word === "chi") return { label: `${words.chi} (${arg})`, tile: null };
  return { label: words[word] || name, tile: null };
}

// A room's events since the player's last move, as news: wins and each hand's end.
function roomNews(events) {
  const who = (s) => t("play_seats")[s];
  return events.map((e) => {
    if (e.type === "win") return t("play_room_win", who(e.seat), e.from === null ? null : who(e.from));
    if (e.type === "open_kong") return `${who(e.seat)}: ${t("play_room_actions").open_kong} ${tableTile(e.tiles.slice(0, 2))}${tableTile(e.tiles.slice(2))}`;
    if (e.type === "end_hand") return `${t("play_hand_end")} (${e.scores.map((p, s) => `${who(s)} ${p}`).join(" · ")})`;
    return null;
  }).filter(Boolean);
}

// A room's table as seat 0 sees it (`/v1/room`'s answer `g`).
function renderRoom(view, g) {
  const jing = g.jing ? ` · ${t("play_jing")} <span class="tiles">${tableTile(g.jing)}</span>` : "";
  const head = `<p class="play-head" data-hand-number="${g.hand_number}">${t("play_hand", g.hand_number + 1)} · ` +
    `<span data-left="${g.tiles_left}">${t("play_left", g.tiles_left)}</span>${jing}</p>`;
  const seats = [0, 1, 2, 3].map((s) => {
    const river = g.rivers[s].map((r) => tableTile(r.tile, r.called ? " called" : "")).join("");
    const melds = g.melds[s].map((m) => `<span class="set">${m.tiles.map((x) => tableTile(x)).join("")}</span>`).join("");
    const mark = (g.dealer === s ? ` (${t("play_dealer")})` : "") +
      (g.voids[s] ? ` · ${t("play_void")} ${g.voids[s]}` : "") + (g.won[s] ? ` · ${t("play_won")}` : "");
    return `<div class="play-seat" data-seat="${s}"><b>${t("play_seats")[s]}</b>${mark} · ` +
      `<span data-score="${g.scores[s]}">${g.scores[s]}</span>` +
      `<div class="tiles river" data-river="${g.rivers[s].length}">${river}</div><div class="tiles">${melds}</div></div>`;
  }).join("");
  const tiles = new Map(); // tile name → its discard (or give) action
  const buttons = [];
  let giving = false;
  for (const a of g.legal) {
    const [word, arg] = a.name.split(" ");
    if (word === "discard" || word === "give") {
      tiles.set(arg, a.action);
      giving = giving || word === "give";
    } else {
      const w = roomActionWords(a.name);
      buttons.push(`<button type="button" data-action="${a.action}">${w.label}${w.tile ? " " + tableTile(w.tile) : ""}</button>`);
    }
  }
  const handTile = (name) => tiles.has(name)
    ? `<button type="button" class="play-tile" data-action="${tiles.get(name)}" title="${name}">${tableTile(name)}</button>`
    : tableTile(name);
  const passing = g.passing.length ? ` <span class="play-drawn">${g.passing.map((x) => tableTile(x, " called")).join("")}</span>` : "";
  const hand = `<div class="tiles big play-hand" data-hand="${g.hand.join("")}">${g.hand.map(handTile).join("")}${passing}</div>`;
  let prompt = "";
  if (g.over) {
    prompt = `<p class="play-over"><b>${t("play_over")}</b>: ` +
      g.scores.map((p, s) => `${t("play_seats")[s]} ${p}`).join(" · ") + "</p>";
  } else if (giving) prompt = `<p>${t("play_give")}</p>`;
  else if (tiles.size) prompt = `<p>${t("play_your_turn")}</p>`;
  else if (buttons.length) prompt = `<p>${t("play_claim")}</p>`;
  const news = roomNews(g.events).map((n) => `<li>${n}</li>`).join("");
  view.innerHTML = head + `<div class="play-seats">${seats}</div>` + hand + prompt +
    `<div class="play-actions">${buttons.join("")}</div>` + (news ? `<ul class="play-news">${news}</ul>` : "");
}

// The rules' and the opponents' names in the page's language (the odds player at riichi
// alone), and the table again (app.js's applyLang calls it).
function tableLang() {
  const rules = $("play-rules").value || "riichi";
  const ruleNames = t("play_rule_names");
  $("play-rules").innerHTML = PLAY_RULES.map((r) => `<option value="${r}">${ruleNames[r]}</option>`).join("");
  $("play-rules").value = rules;
  const keep = $("play-agents").value || "ukeire";
  const names = t("play_agent_names");
  const agents = Object.keys(names).filter((k) => rules === "riichi" || ROOM_AGENTS.includes(k));
  $("play-agents").innerHTML = agents.map((k) => `<option value="${k}">${names[k]}</option>`).join("");
  $("play-agents").value = agents.includes(keep) ? keep : "ukeire";
  renderTable();
}

function initTable() {
  tableLang();
  $("play-new").addEventListener("click", newGame);
  $("play-rules").addEventListener("change", tableLang);
  $("play-table").addEventListener("click", (e) => {
    const b = e.target.closest("[data-action]");
    if (b && played && played.table && !played.table.over) playMove(Number(b.dataset.action));
  });
}

initTable();
