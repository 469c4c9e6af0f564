// SOP runs: the same events the terminal shows, polled while a run goes on. Every text from
// the server is shown with textContent, never as HTML.
"use strict";

const sop = { selected: null, after: 0, timer: null, asked: 0, polled: "" };
const byId = (id) => document.getElementById(id);
// the token the agents page keeps for this tab (it asks for it when the server needs one)
const auth = () => {
  const token = sessionStorage.getItem("autonomo-token");
  return token ? { headers: { Authorization: "Bearer " + token } } : {};
};

async function post(path, body) {
  const headers = { "Content-Type": "application/json", ...(auth().headers || {}) };
  const response = await fetch(path, { method: "POST", headers, body: JSON.stringify(body) });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(data.message || `HTTP ${response.status}`);
  return data;
}

function line(className, text) {
  const node = document.createElement(className === "text" ? "pre" : "div");
  node.className = "sop-" + className;
  node.textContent = text;
  byId("sop-events").appendChild(node);
}

const show = {
  run_started: (d) => line("head", `SOP ${d.sop} (${d.format}) · task: ${d.task}`),
  state_entered: (d) => line("state", `── ${d.state}${d.parent ? " in " + d.parent : ""} ──`),
  cycle: (d) => line("cycle", d.ended ? `↻ ${d.state}: ${d.ended}` : `↻ ${d.state} cycle ${d.index}/${d.of}`),
  speaker: (d) => line("dim", `next: ${d.role} (${d.why})`),
  message: (d) => {
    const who = `${d.role}${d.agent ? " (" + d.agent + ")" : ""} → ${d.to}`;
    line("who", who + (d.reflection ? " · self-reflection" : "") + (d.tokens ? ` · ${d.tokens} tokens` : ""));
    line("text", d.text);
  },
  ask: (d) => line("ask", `? ${d.role || "a person"} is asked: ${d.question}`),
  model: (d) => line(d.found ? "dim" : "ask", (d.found ? "" : "! ") + d.text),
  resumed: (d) => line("head", `resumed at ${d.state}`),
  variable: (d) => line("var", `${d.name} = ${(d.value || "").split("\n")[0].slice(0, 100)} (${d.by})`),
  hook: (d) => line("hook", `• ${d.hook}: ${d.text}`),
  judge: (d) => line("dim", `controller: ${d.why}`),
  conclusion: (d) => line("conclusion", `✔ conclusion (${d.how}): ${(d.text || "").split("\n")[0]}`),
  transition: (d) => line("transition", `→ ${d.frm} ⇒ ${d.to} (${d.why})`),
  run_finished: (d) => {
    line("head", `${d.status}: ${d.reason}`);
    for (const [role, u] of Object.entries(d.usage || {})) {
      line("dim", `${role}: ${u.calls} calls, ${u.prompt_tokens + u.completion_tokens} tokens, $${u.cost.toFixed(4)}`);
    }
  },
};

// a person's turn: the question and a box for the answer, until the run goes on
function asking(waiting) {
  const box = byId("sop-ask");
  if (!waiting) {
    box.hidden = true;
    sop.asked = 0;
    return;
  }
  if (waiting.seq !== sop.asked) {  // a new question: keep what is typed for the same one
    sop.asked = waiting.seq;
    byId("sop-question").textContent = waiting.question;
    byId("sop-answer").value = "";
  }
  box.hidden = false;
}

async function poll() {
  if (!sop.selected) return;
  clearTimeout(sop.timer);
  const selected = sop.selected;
  const response = await fetch(`/api/sop/runs/${selected}?after=${sop.after}`, auth());
  if (!response.ok || selected !== sop.selected) return;
  const data = await response.json();
  for (const event of data.events) {
    (show[event.kind] || (() => {}))(event.data);
    sop.after = event.seq;
  }
  asking(data.waiting);
  byId("sop-title").textContent = `${data.run.name} · ${data.run.status}${data.waiting ? " · waiting for your answer" : ""}`;
  byId("sop-resume").hidden = data.live || !["stopped", "failed"].includes(data.run.status);
  byId("sop-stop").hidden = !data.live;
  if (data.run.status === "running" || data.live) sop.timer = setTimeout(poll, 700);
  else if (sop.polled === "running") refresh();  // it has just ended: the list says so
  sop.polled = data.run.status;
}

byId("sop-ask").addEventListener("submit", async (e) => {
  e.preventDefault();
  try {
    await post(`/api/sop/runs/${sop.selected}/answer`, { seq: sop.asked, text: byId("sop-answer").value });
    byId("sop-ask").hidden = true;
  } catch (err) {
    byId("sop-question").textContent = String(err.message);
  }
  poll();
});

byId("sop-stop").addEventListener("click", async () => {
  try {
    await post(`/api/sop/runs/${sop.selected}/stop`, {});
    byId("sop-ask").hidden = true;
  } catch (err) {
    byId("sop-error").textContent = String(err.message);
  }
  setTimeout(poll, 300);
});

byId("sop-resume").addEventListener("click", async () => {
  try {
    await post(`/api/sop/runs/${sop.selected}/resume`, {});
  } catch (err) {
    byId("sop-error").textContent = String(err.message);
  }
  setTimeout(poll, 300);
});

const readText = (file) => new Promise((resolve, reject) => {
  const reader = new FileReader();
  reader.onload = () => resolve(reader.result);
  reader.onerror = () => reject(reader.error);
  reader.readAsText(file);
});

byId("sop-start").addEventListener("submit", async (e) => {
  e.preventDefault();
  byId("sop-error").textContent = "";
  const files = {};
  for (const file of byId("sop-files").files) files[file.name] = await readText(file);
  try {
    const data = await post("/api/sop/runs", { files, name: byId("sop-name").value, task: byId("sop-task").value });
    location.hash = data.run_id;
    await list();
  } catch (err) {
    byId("sop-error").textContent = String(err.message);
  }
});

function open(run) {
  clearTimeout(sop.timer);
  sop.selected = run.id;
  sop.after = 0;
  sop.asked = 0;
  sop.polled = "";
  byId("sop-ask").hidden = true;
  byId("sop-events").replaceChildren();
  byId("sop-title").textContent = `${run.name} · ${run.status}`;
  poll();
}

// the list of runs (kept up to date when the open run ends); ``list`` also opens /sop#RUN_ID
async function refresh() {
  const response = await fetch("/api/sop/runs", auth());
  if (!response.ok) return [];
  const data = await response.json();
  const items = data.runs.map((run) => {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.textContent = `${run.id} ${run.name} (${run.format}, ${run.status}) ${run.task.slice(0, 60)}`;
    button.addEventListener("click", () => { location.hash = run.id; open(run); });
    item.appendChild(button);
    return item;
  });
  byId("sop-runs").replaceChildren(...items);
  return data.runs;
}

async function list() {
  const runs = await refresh();
  const wanted = location.hash.slice(1);  // /sop#RUN_ID opens that run
  const run = runs.find((r) => r.id === wanted);
  if (run) open(run);
}

list();
