// SOP runs: the same events the terminal shows, polled while a run goes on. Every text from
// the server is shown with textContent, never as HTML.
"use strict";

const sop = { selected: null, after: 0, timer: null };
const byId = (id) => document.getElementById(id);
// the token the agents page keeps for this tab (it asks for it when the server needs one)
const auth = () => {
  const token = sessionStorage.getItem("autonomo-token");
  return token ? { headers: { Authorization: "Bearer " + token } } : {};
};

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

async function poll() {
  if (!sop.selected) return;
  const response = await fetch(`/api/sop/runs/${sop.selected}?after=${sop.after}`, auth());
  if (!response.ok) return;
  const data = await response.json();
  for (const event of data.events) {
    (show[event.kind] || (() => {}))(event.data);
    sop.after = event.seq;
  }
  if (data.run.status === "running") sop.timer = setTimeout(poll, 1000);
}

function open(run) {
  clearTimeout(sop.timer);
  sop.selected = run.id;
  sop.after = 0;
  byId("sop-events").replaceChildren();
  byId("sop-title").textContent = `${run.name} · ${run.status}`;
  poll();
}

async function list() {
  const response = await fetch("/api/sop/runs", auth());
  if (!response.ok) return;
  const data = await response.json();
  const items = data.runs.map((run) => {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.textContent = `${run.id} ${run.name} (${run.format}, ${run.status}) ${run.task.slice(0, 60)}`;
    button.addEventListener("click", () => open(run));
    item.appendChild(button);
    return item;
  });
  byId("sop-runs").replaceChildren(...items);
  const wanted = location.hash.slice(1);  // /sop#RUN_ID opens that run
  const run = data.runs.find((r) => r.id === wanted);
  if (run) open(run);
}

list();
