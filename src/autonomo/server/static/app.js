// The autonomo web page: plain JavaScript, no build step. Every text that comes from the
// server (task text, model output, file names) is shown with textContent, never as HTML.
"use strict";

const $ = (id) => document.getElementById(id);
const state = { token: null, tasks: new Map(), selected: null, steps: new Map() };

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

// -- talking to the server ----------------------------------------------------------------
function headers(extra) {
  const h = Object.assign({}, extra || {});
  if (state.token) h["Authorization"] = "Bearer " + state.token;
  return h;
}

async function api(method, path, body) {
  const options = { method, headers: headers() };
  if (body instanceof FormData) {
    options.body = body;
  } else if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(path, options);
  if (response.status === 401) {
    $("token-box").hidden = false;
    throw new Error("This server needs its token.");
  }
  const data = (response.headers.get("content-type") || "").includes("json")
    ? await response.json() : await response.blob();
  if (!response.ok) throw new Error((data && data.message) || response.statusText);
  return data;
}

// Server-sent events read with fetch, so that the token goes in a header, not in the URL.
async function listen() {
  for (;;) {
    try {
      const response = await fetch("/api/events", { headers: headers() });
      if (response.status === 401) { $("token-box").hidden = false; return; }
      $("connection").textContent = "live";
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let buffer = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let cut;
        while ((cut = buffer.search(/\r?\n\r?\n/)) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut).replace(/^\r?\n\r?\n/, "");
          const data = block.split(/\r?\n/).filter((l) => l.startsWith("data:"))
            .map((l) => l.slice(5).trim()).join("\n");
          if (data) onEvent(JSON.parse(data));
        }
      }
    } catch (error) {
      /* reconnect below */
    }
    $("connection").textContent = "reconnecting…";
    await new Promise((resolve) => setTimeout(resolve, 1500));
  }
}

// -- events ---------------------------------------------------------------------------------
function onEvent(event) {
  if (event.type === "task") {
    state.tasks.set(event.task_id, event.data);
    renderTasks();
    if (event.task_id === state.selected) renderSummary(event.data);
    return;
  }
  if (event.task_id !== state.selected) return;
  if (event.type === "step") {
    state.steps.set(event.data.step_id, event.data);
    renderSteps();
    loadArtifacts();
  } else if (event.type === "step_started") {
    $("activity").textContent = "Step " + event.data.number + " is running (" +
      event.data.name + ")…";
  }
  logEvent(event);
}

// A line per event; unknown kinds (a team's messages, later) show their sender and text.
function logEvent(event) {
  const d = event.data || {};
  let text;
  if (event.type === "step") text = "step done: " + (d.name || "");
  else if (event.type === "step_started") text = "step " + d.number + " started";
  else if (event.type === "note") text = "note: " + d.text;
  else if (event.type === "model_call") text = "model call (" + d.purpose + "): " +
    d.tokens + " tokens, " + d.latency_s + " s";
  else text = event.type + ": " + (d.sender ? d.sender + ": " : "") +
    (d.content || d.text || JSON.stringify(d));
  const list = $("events");
  list.prepend(el("li", "", new Date(event.time * 1000).toLocaleTimeString() + " " + text));
  while (list.children.length > 50) list.lastChild.remove();
}

// -- the task list --------------------------------------------------------------------------
async function loadTasks() {
  const data = await api("GET", "/api/tasks?limit=100");
  state.tasks = new Map(data.tasks.map((t) => [t.task_id, t]));
  renderTasks();
}

function renderTasks() {
  const list = $("tasks");
  list.replaceChildren();
  const tasks = [...state.tasks.values()].sort((a, b) => b.created - a.created);
  $("no-tasks").hidden = tasks.length > 0;
  for (const task of tasks) {
    const item = el("li", task.task_id === state.selected ? "selected" : "");
    item.dataset.taskId = task.task_id;
    item.append(el("span", "text", task.input), el("span", "pill " + task.status, task.status));
    item.addEventListener("click", () => select(task.task_id));
    list.append(item);
  }
}

// -- one task --------------------------------------------------------------------------------
async function select(taskId) {
  state.selected = taskId;
  state.steps = new Map();
  $("detail").hidden = false;
  if (window.innerWidth < 760) $("detail").scrollIntoView();
  $("events").replaceChildren();
  $("detail-error").textContent = "";
  renderTasks();
  const summary = await api("GET", "/api/tasks/" + taskId);
  renderSummary(summary);
  let pageNumber = 1;
  for (;;) {
    const data = await api("GET", "/ap/v1/agent/tasks/" + taskId +
      "/steps?page_size=100&current_page=" + pageNumber);
    for (const step of data.steps) state.steps.set(step.step_id, step);
    if (pageNumber >= data.pagination.total_pages) break;
    pageNumber += 1;
  }
  renderSteps();
  loadArtifacts();
}

function renderSummary(task) {
  $("detail-title").textContent = task.input;
  const status = $("detail-status");
  status.textContent = task.busy ? "working" : task.status;
  status.className = "pill " + (task.busy ? "busy" : task.status);
  const total = task.total || { total_tokens: 0, cost: 0, calls: 0 };
  $("detail-tokens").textContent = total.total_tokens;
  $("detail-cost").textContent = Number(total.cost).toFixed(4);
  $("detail-calls").textContent = total.calls;
  const ended = task.status === "finished" || task.status === "unverified";
  const waiting = !!task.proposal && !task.busy && !ended;
  $("proposal").hidden = !task.proposal;
  if (task.proposal) {
    const thoughts = task.proposal.thoughts || {};
    $("proposal-thought").textContent = thoughts.speak || thoughts.text ||
      thoughts.reasoning || "";
    $("proposal-command").textContent = describe(task.proposal.name, task.proposal.args);
  }
  const asking = !!task.proposal && task.proposal.name === "ask_user";
  $("feedback").placeholder = asking ? "Your answer to the agent's question" :
    "Feedback instead of running the command";
  $("send-feedback").textContent = asking ? "Send answer" : "Send feedback";
  const over = ended;
  $("approve").disabled = task.busy || over;
  $("approve-n").disabled = !waiting;
  $("send-feedback").disabled = !waiting;
  $("stop").disabled = over || task.status === "stopped";
  $("resume").disabled = task.busy || over;
  if (!task.busy) $("activity").textContent = over ? (task.status === "unverified" ?
    "The task ended, but its result is not verified." : "The task is finished.") :
    (waiting ? "Waiting for your approval." : "");
}

function describe(name, args) {
  const parts = Object.entries(args || {}).map(([k, v]) => k + "=" + JSON.stringify(v));
  return name + "(" + parts.join(", ") + ")";
}

function renderSteps() {
  const list = $("steps");
  list.replaceChildren();
  for (const step of state.steps.values()) {
    const out = step.additional_output || {};
    const item = el("li");
    item.dataset.stepId = step.step_id;
    const tokens = out.tokens || { total_tokens: 0 };
    item.append(el("div", "meta", (step.name || "step") + " · " + tokens.total_tokens +
      " tokens · $" + Number(out.cost || 0).toFixed(4) + (step.is_last ? " · last step" : "") +
      (step.input ? " · you said: " + step.input : "")));
    item.append(el("pre", "output", step.output || ""));
    for (const artifact of step.artifacts || []) {
      item.append(downloadButton(artifact));
    }
    list.append(item);
  }
}

async function loadArtifacts() {
  const taskId = state.selected;
  if (!taskId) return;
  const data = await api("GET", "/ap/v1/agent/tasks/" + taskId + "/artifacts?page_size=1000");
  if (taskId !== state.selected) return;
  const list = $("artifacts");
  list.replaceChildren();
  for (const artifact of data.artifacts) {
    const item = el("li");
    const path = (artifact.relative_path ? artifact.relative_path + "/" : "") + artifact.file_name;
    item.append(el("span", "", path + (artifact.agent_created ? "" : " (uploaded)")),
      downloadButton(artifact));
    list.append(item);
  }
  if (!data.artifacts.length) list.append(el("li", "muted", "No files yet."));
}

function downloadButton(artifact) {
  const button = el("button", "download", "Download " + artifact.file_name);
  button.type = "button";
  button.addEventListener("click", async () => {
    try {
      const blob = await api("GET", "/ap/v1/agent/tasks/" + state.selected + "/artifacts/" +
        artifact.artifact_id);
      const link = el("a");
      link.href = URL.createObjectURL(blob);
      link.download = artifact.file_name;
      document.body.append(link);
      link.click();
      setTimeout(() => { URL.revokeObjectURL(link.href); link.remove(); }, 1000);
    } catch (error) { $("detail-error").textContent = error.message; }
  });
  return button;
}

// -- actions ----------------------------------------------------------------------------------
async function act(work) {
  $("detail-error").textContent = "";
  try { await work(); } catch (error) { $("detail-error").textContent = error.message; }
}

function step(input) {
  const taskId = state.selected;
  return act(async () => {
    $("activity").textContent = "Working…";
    await api("POST", "/ap/v1/agent/tasks/" + taskId + "/steps", { input });
  });
}

async function createTask(event) {
  event.preventDefault();
  $("create-error").textContent = "";
  const input = $("task-input").value.trim();
  if (!input) { $("create-error").textContent = "Say what the agent should do."; return; }
  const mode = document.querySelector("input[name=mode]:checked").value;
  const extra = { mode };
  if (mode === "continuous") extra.max_steps = Number($("task-steps").value) || 10;
  if ($("task-model").value) extra.model = $("task-model").value;
  try {
    const task = await api("POST", "/ap/v1/agent/tasks", { input, additional_input: extra });
    $("task-input").value = "";
    await loadTasks();
    await select(task.task_id);
    if (mode === "step") step("");
  } catch (error) { $("create-error").textContent = error.message; }
}

async function start() {
  const fromHash = new URLSearchParams(location.hash.slice(1)).get("token");
  if (fromHash) { sessionStorage.setItem("autonomo-token", fromHash); history.replaceState(
    null, "", location.pathname); }
  state.token = sessionStorage.getItem("autonomo-token");
  $("token-save").addEventListener("click", () => {
    sessionStorage.setItem("autonomo-token", $("token").value);
    location.reload();
  });
  $("new-task").addEventListener("submit", createTask);
  $("approve").addEventListener("click", () => step("y"));
  $("approve-n").addEventListener("click", () => step("y -" + Math.max(2,
    Number($("approve-count").value) || 2)));
  $("feedback-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("feedback").value.trim();
    if (!text) return;
    $("feedback").value = "";
    step(text);
  });
  $("stop").addEventListener("click", () => act(() =>
    api("POST", "/api/tasks/" + state.selected + "/stop")));
  $("resume").addEventListener("click", () => act(() =>
    api("POST", "/api/tasks/" + state.selected + "/run",
      { steps: Number($("resume-count").value) || 10 })));
  $("upload-button").addEventListener("click", () => act(async () => {
    const file = $("upload").files[0];
    if (!file) throw new Error("Choose a file first.");
    const form = new FormData();
    form.append("file", file, file.name);
    await api("POST", "/ap/v1/agent/tasks/" + state.selected + "/artifacts", form);
    $("upload").value = "";
    await loadArtifacts();
  }));
  try {
    const info = await api("GET", "/api/info");
    const select = $("task-model");
    select.append(Object.assign(el("option", "", "default (" + info.default_model + ")"),
      { value: "" }));
    for (const name of info.models) select.append(Object.assign(el("option", "", name),
      { value: name }));
    $("task-steps").value = info.max_steps;
    await loadTasks();
    listen();
  } catch (error) {
    $("connection").textContent = error.message;
  }
}

document.addEventListener("DOMContentLoaded", start);
