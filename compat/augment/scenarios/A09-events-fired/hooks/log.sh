#!/bin/bash
# Appends the event's name as the hook reads it, and the tool's, to events.txt.
node -e 'let s="";process.stdin.on("data",c=>s+=c).on("end",()=>{const p=JSON.parse(s);require("fs").appendFileSync("{{WORK}}/ran.txt",[p.hook_event_name,p.tool_name??""].join(" ").trim()+"\n")})'
