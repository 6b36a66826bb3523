// Game review on the page: a record dropped here (or chosen) is sent to POST /v1/review and
// its decisions shown — the sum, a chart of the win chance each decision lost, and a row a
// decision: the hand, the discard made beside the best, tiles left, win chance and points.
// It shares app.js's globals (t, tilesHtml, tileSvg, countsOf, KINDS, $).

let reviewed = null;

// A record file's text: gunzipped when it is gzip (Tenhou's .mjlog).
async function recordText(file) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Response(stream).text();
  }
  return new TextDecoder().decode(bytes);
}

async function reviewFile(file) {
  $("review-error").hidden = true;
  $("review-summary").textContent = t("review_wait");
  try {
    const seat = $("review-seat").value;
    const res = await fetch(`/v1/review${seat === "" ? "" : `?seat=${seat}`}`, {
      method: "POST", headers: { "content-type": "text/plain" }, body: await recordText(file),
    });
    const body = await res.json();
    if (!res.ok) throw new Error(body.error || res.statusText);
    reviewed = body;
  } catch (e) {
    reviewed = null;
    $("review-summary").textContent = "";
    $("review-error").textContent = String(e.message || e);
    $("review-error").hidden = false;
  }
  renderReview();
}

// MPSZ text as its tiles' names, in order.
const namesOf = (text) => {
  const c = countsOf(text) || [];
  return c.flatMap((n, i) => Array(n).fill(KINDS[i]));
};
const pct = (x) => (x === undefined ? "-" : (100 * x).toFixed(1));

// The chart: a bar a decision, its height the win chance lost (red where the discard made was
// not the best by tiles left).
function reviewChart(rows) {
  const w = 720, h = 90, bar = w / Math.max(rows.length, 1);
  const top = Math.max(0.01, ...rows.map((r) => r.win_loss || 0));
  const bars = rows.map((r, i) => {
    const v = Math.max(1, ((r.win_loss || 0) / top) * (h - 6));
    return `<rect x="${(i * bar).toFixed(1)}" y="${(h - v).toFixed(1)}" width="${Math.max(bar - 1, 0.5).toFixed(1)}" height="${v.toFixed(1)}" class="${r.agrees ? "ok" : "miss"}"/>`;
  });
  return `<svg viewBox="0 0 ${w} ${h}" class="review-chart" role="img" data-bars="${rows.length}">${bars.join("")}</svg>`;
}

function renderReview() {
  const table = $("review-table");
  if (!reviewed) { table.hidden = true; $("review-chart").innerHTML = ""; return; }
  const rows = reviewed.rows.filter((r) => r.discard !== undefined);
  const sum = reviewed.rows[reviewed.rows.length - 1];
  $("review-summary").textContent = `${reviewed.players.join(" · ")} — ${t("review_sum", sum)}`;
  $("review-chart").innerHTML = reviewChart(rows);
  // The record's tiles are not the analysed hand's: none is marked wild here.
  const marked = WILD;
  WILD = new Set();
  table.querySelector("tbody").innerHTML = rows.map((r) => {
    const round = reviewed.rounds[r.round];
    const name = t("review_round", Math.floor(round.kyoku / 4) % 4, (round.kyoku % 4) + 1, round.honba);
    const win = r.win === undefined ? "-" : `${pct(r.win)} (${pct(r.best_win)} ${tileSvg(r.best_win_tile)})`;
    const pts = r.points === undefined ? "-" : `${Math.round(r.points)} (${Math.round(r.best_points)})`;
    return `<tr class="${r.agrees ? "" : "miss"}" data-discard="${r.discard}" data-best="${r.best}">` +
      `<td>${name}</td><td>${r.nth}</td><td>${r.seat}</td><td>${tilesHtml(namesOf(r.hand))}</td>` +
      `<td>${tileSvg(r.discard)}</td><td>${tileSvg(r.best)}</td><td>${r.ukeire}/${r.best_ukeire}</td>` +
      `<td>${win}</td><td>${pts}</td></tr>`;
  }).join("");
  WILD = marked;
  table.hidden = false;
}

function initReview() {
  const drop = $("review-drop");
  drop.addEventListener("dragover", (e) => { e.preventDefault(); drop.classList.add("over"); });
  drop.addEventListener("dragleave", () => drop.classList.remove("over"));
  drop.addEventListener("drop", (e) => {
    e.preventDefault();
    drop.classList.remove("over");
    if (e.dataTransfer.files[0]) reviewFile(e.dataTransfer.files[0]);
  });
  $("record-file").addEventListener("change", (e) => { if (e.target.files[0]) reviewFile(e.target.files[0]); });
}

initReview();
