-- wrk script: POST /api/login/ with the demo learner's credentials.
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"email": "learner@demo.mentorbridge.in", "password": "Learner#2026"}'

local statuses = {}
response = function(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end
