// A game against the built-in players on the page: POST /v1/game with the seed and the
// player's moves so far (the server keeps nothing: it plays the game again to the player's
// next decision), and the table as seat 0 sees it — every river and call, the dora, the
// points, the player's hand (a tile clicked is discarded) and its other actions as buttons.
// It shares app.js's globals (t, TEXT, tileSvg, $, lang).

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
});

let played = null; // { seed, agents, moves, table }

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
    const res = await fetch("/v1/game", {
      method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ seed: played.seed, agents: played.agents, moves }),
    });
    const body = await res.json();
    if (!res.ok) throw new Error(body.error || res.statusText);
    played.moves = moves;
    played.table = body;
  } catch (e) {
    $("play-error").textContent = String(e.message || e);
    $("play-error").hidden = false;
  }
  playing = false;
  renderTable();
}

function newGame() {
  played = { seed: Math.floor(Math.random() * 2 ** 31), agents: $("play-agents").value, moves: [], table: null };
  playMove();
}

// A legal action's words: a discard is the hand's click; the rest buttons.
function actionWords(name) {
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

// The opponents' names in the page's language, and the table again (app.js's applyLang
// calls it).
function tableLang() {
  const keep = $("play-agents").value || "ukeire";
  const names = t("play_agent_names");
  $("play-agents").innerHTML = Object.keys(names).map((k) => `<option value="${k}">${names[k]}</option>`).join("");
  $("play-agents").value = keep;
  renderTable();
}

function initTable() {
  tableLang();
  $("play-new").addEventListener("click", newGame);
  $("play-table").addEventListener("click", (e) => {
    const b = e.target.closest("[data-action]");
    if (b && played && played.table && !played.table.over) playMove(Number(b.dataset.action));
  });
}

initTable();
