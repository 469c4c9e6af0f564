"""Drive a server with the ``agent-protocol-client`` package (run in that client's own
virtual environment: it pins pydantic 1). Prints what happened as JSON.

    python ap_client_drive.py URL
"""

import asyncio
import json
import sys
import tempfile
from pathlib import Path

from agent_protocol_client import AgentApi, ApiClient, Configuration
from agent_protocol_client.models import StepRequestBody, TaskRequestBody


async def drive(url):
    async with ApiClient(Configuration(host=url)) as client:
        api = AgentApi(client)
        task = await api.create_agent_task(
            task_request_body=TaskRequestBody(input="Write Washington to output.txt"))
        with tempfile.TemporaryDirectory() as folder:
            brief = Path(folder) / "brief.txt"  # the client uploads files by path
            brief.write_text("given by the client")
            uploaded = await api.upload_agent_task_artifacts(
                task_id=task.task_id, file=str(brief), relative_path="inputs")
        steps = []
        for _ in range(10):
            step = await api.execute_agent_task_step(
                task_id=task.task_id, step_request_body=StepRequestBody(input="y"))
            steps.append({"name": step.name, "status": step.status, "is_last": step.is_last,
                          "output": step.output,
                          "artifacts": [a.file_name for a in step.artifacts]})
            if step.is_last:
                break
        listed = await api.list_agent_task_steps(task_id=task.task_id, page_size=50)
        artifacts = await api.list_agent_task_artifacts(task_id=task.task_id)
        contents = {}
        for artifact in artifacts.artifacts:
            data = await api.download_agent_task_artifact(task_id=task.task_id,
                                                          artifact_id=artifact.artifact_id)
            contents[artifact.file_name] = bytes(data).decode()
        tasks = await api.list_agent_tasks(current_page=1, page_size=5)
        return {"task_id": task.task_id, "uploaded": uploaded.file_name,
                "uploaded_path": uploaded.relative_path, "steps": steps,
                "listed": len(listed.steps), "pagination": listed.pagination.total_items,
                "contents": contents, "tasks": len(tasks.tasks)}


print(json.dumps(asyncio.run(drive(sys.argv[1]))))
