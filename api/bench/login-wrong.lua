-- wrk script: POST /api/login/ with a wrong password (same argon2id work, a 401).
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"email": "learner@demo.mentorbridge.in", "password": "Wrong#2026"}'
